import { useId, useState } from 'preact/hooks';
import { useParams } from 'wouter-preact';
import { formatFileSize, libraryFileIcon } from '@lp/shared/rules';
import type { LearnerLibraryFile, LearnerLibraryPage } from '@lp/shared/contract';
import { errorCode } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import {
  DEFAULT_LIBRARY_FILTERS, isLibraryFiltered, useLibraryFilters, type LibraryFilters,
} from '../../lib/library-filters.ts';
import { useAreas, useUserGroups, type LookupOption } from '../../hooks/use-lookups.ts';
import { useLibraryFiles, useLibraryFilterOptions } from '../../hooks/use-library.ts';
import { useDebouncedSearch } from '../../hooks/use-debounced-search.ts';
import { DownloadButton, LibraryPreview } from '../../components/library-preview/index.tsx';
import { Message } from '../../components/message/index.tsx';
import { MultiSelect } from '../../components/multi-select/index.tsx';
import './library.css';


/**
 * spec 3 §2 'library' and 'library/{name}' (a search by name): the files of the learner's
 * audience by category, with the filters of spec 1 §2.2 kept per list (search, areas,
 * categories, groups, tags, extensions), a preview of each and the download where allowed.
 */
export default function LibraryPage() {
  const params = useParams<{ name?: string }>();
  const name = params.name === undefined ? undefined : safeDecode(params.name);
  // another name is another search: the page starts over with it
  return <Library key={name ?? ''} name={name} />;
}

function Library({ name }: { name: string | undefined }) {
  const { t } = useI18n();
  const [filters, setFilters] = useLibraryFilters(name);
  const { data: areas } = useAreas();
  const { data: groups } = useUserGroups();
  const { data: options } = useLibraryFilterOptions();
  const { data: pages, error, size, setSize, mutate, isLoading } = useLibraryFiles(filters);
  const [previewing, setPreviewing] = useState<LearnerLibraryFile | null>(null);

  const files = pages?.flatMap((page) => page.results) ?? [];
  const count = pages?.[0]?.count ?? 0;
  const loadingMore = size > 0 && pages !== undefined && pages[size - 1] === undefined;

  // the server's fresh card (viewed, downloaded) replaces the cached one
  const updateFile = (file: LearnerLibraryFile) => void mutate(
    (current: LearnerLibraryPage[] | undefined) => current?.map((page) => ({
      ...page, results: page.results.map((r) => (r.id === file.id ? file : r)),
    })),
    { revalidate: false },
  );

  return (
    <section class="library" aria-labelledby="library-title">
      <h1 id="library-title">{t('portal.library.title')}</h1>
      {name !== undefined && <p class="note">{t('portal.library.search_for', { name })}</p>}
      <LibraryFiltersForm filters={filters} onChange={setFilters} areas={areas} groups={groups}
        categories={options?.categories} tags={options?.tags} extensions={options?.extensions} />
      {previewing && (
        <LibraryPreview file={previewing} onClose={() => setPreviewing(null)} onViewed={(file) => {
          updateFile(file);
          setPreviewing((open) => (open?.id === file.id ? { ...open, viewed: true } : open));
        }} />
      )}
      {error && <Message kind="error">{errorText(t, errorCode(error))}</Message>}
      {isLoading && <p class="loading">{t('portal.loading')}</p>}
      {pages && count === 0 && (
        <p class="empty" role="status">{t(isLibraryFiltered(filters) ? 'portal.library.empty_filtered' : 'portal.library.empty')}</p>
      )}
      {files.length > 0 && (
        <>
          <p class="list-count" role="status">{t('portal.library.count', { count })}</p>
          <ul class="card-grid library-grid">
            {files.map((file) => (
              <li key={file.id}>
                <LibraryCard file={file} onPreview={() => setPreviewing(file)}
                  onDownloaded={() => updateFile({ ...file, downloaded: true })} />
              </li>
            ))}
          </ul>
        </>
      )}
      {files.length < count && (
        <button type="button" class="button-secondary load-more" disabled={loadingMore} onClick={() => void setSize(size + 1)}>
          {loadingMore ? t('portal.loading') : t('portal.library.load_more')}
        </button>
      )}
    </section>
  );
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function LibraryCard({ file, onPreview, onDownloaded }: { file: LearnerLibraryFile; onPreview(): void; onDownloaded(): void }) {
  const { t, locale } = useI18n();
  const headingId = `library-file-${file.id}`;
  const icon = libraryFileIcon(file.extension);
  return (
    <article class="course-card library-card" aria-labelledby={headingId}>
      <div class="course-card-body">
        <p class={`library-icon library-icon-${icon}`} aria-hidden="true">{file.extension ? file.extension.toUpperCase() : '—'}</p>
        <h2 id={headingId} class="course-card-title">{file.title}</h2>
        {file.category && <p class="course-card-meta">{file.category.name}</p>}
        <p class="course-card-meta">
          {t(`portal.library.kinds.${icon}`)} · {formatFileSize(file.size, locale)}
          {file.viewed && <> · <span class="badge">{t('portal.library.viewed')}</span></>}
        </p>
        {file.tags.length > 0 && (
          <ul class="tags" aria-label={t('portal.courses.tags')}>
            {file.tags.map((tag) => <li key={tag.id}>{tag.name}</li>)}
          </ul>
        )}
        <p class="library-actions">
          <button type="button" class="button-small" onClick={onPreview} aria-label={t('portal.library.preview_item', { title: file.title })}>
            {t('portal.library.preview')}
          </button>
          <DownloadButton file={file} onDownloaded={onDownloaded} />
        </p>
      </div>
    </article>
  );
}

interface LibraryFiltersFormProps {
  filters: LibraryFilters;
  onChange(filters: LibraryFilters): void;
  areas?: readonly LookupOption[];
  groups?: readonly LookupOption[];
  categories?: readonly LookupOption[];
  tags?: readonly LookupOption[];
  extensions?: readonly string[];
}

/** spec 1 §2.2 library filters; a list that failed to load (or is empty) hides its filter. */
function LibraryFiltersForm({ filters, onChange, areas, groups, categories, tags, extensions }: LibraryFiltersFormProps) {
  const { t } = useI18n();
  const id = useId();
  // typing settles before the list is asked again
  const [search, setSearch] = useDebouncedSearch(filters, onChange);

  const set = (patch: Partial<LibraryFilters>) => onChange({ ...filters, ...patch });
  // the multi-select works with numbers: extensions are numbered in the order offered
  const extensionOptions = (extensions ?? []).map((ext, i) => ({ id: i + 1, name: ext }));
  const chosenExtensions = extensionOptions.filter((o) => filters.selected_extensions.includes(o.name)).map((o) => o.id);
  return (
    <form class="catalogue-filters" role="search" aria-label={t('portal.library.filters.label')}
      onSubmit={(event) => {
        event.preventDefault();
        if (search !== filters.search) set({ search });
      }}>
      <div class="field">
        <label for={`${id}-search`}>{t('portal.library.filters.search')}</label>
        <input id={`${id}-search`} type="search" value={search} maxLength={200} onInput={(event) => setSearch(event.currentTarget.value)} />
      </div>
      {categories && categories.length > 0 && (
        <MultiSelect label={t('portal.library.filters.categories')} options={categories} selected={filters.selected_categories}
          onChange={(selected_categories) => set({ selected_categories })} />
      )}
      {areas && areas.length > 0 && (
        <MultiSelect label={t('portal.library.filters.areas')} options={areas} selected={filters.selected_areas}
          onChange={(selected_areas) => set({ selected_areas })} />
      )}
      {groups && groups.length > 0 && (
        <MultiSelect label={t('portal.library.filters.groups')} options={groups} selected={filters.selected_groups}
          onChange={(selected_groups) => set({ selected_groups })} />
      )}
      {tags && tags.length > 0 && (
        <MultiSelect label={t('portal.library.filters.tags')} options={tags} selected={filters.selected_tags}
          onChange={(selected_tags) => set({ selected_tags })} />
      )}
      {extensionOptions.length > 0 && (
        <MultiSelect label={t('portal.library.filters.extensions')} options={extensionOptions} selected={chosenExtensions}
          onChange={(chosen) => set({ selected_extensions: extensionOptions.filter((o) => chosen.includes(o.id)).map((o) => o.name) })} />
      )}
      {isLibraryFiltered(filters) && (
        <button type="button" class="button-secondary" onClick={() => { setSearch(''); onChange({ ...DEFAULT_LIBRARY_FILTERS }); }}>
          {t('portal.library.filters.clear')}
        </button>
      )}
    </form>
  );
}
