import {
  CODE_LISTS, DRILL_STATUS, LANGUAGES, MARITAL_STATUSES, PRESENCE_VALUES, TRAINING_RESULTS, USER_STATUSES, codeLabelKey,
  timezoneOptions, unmaskDocument, type CodeListName,
} from '@lp/shared/rules';
import { translate } from '../lib/i18n.ts';
import type { Db } from '../db/database.ts';
import type { LookupName } from './columns.ts';

/** Lookup text as compared: trimmed, case- and accent-insensitive. */
export function lookupKey(text: string): string {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').trim().toLowerCase().replace(/\s+/g, ' ');
}

/** A copy that does not keep the sheet chunk it was cut from alive. */
const flat = (text: string) => Buffer.from(text, 'utf8').toString('utf8');

/** A value picked from an escaped drop-down keeps its apostrophe (shared escapeSpreadsheetCell). */
function unescapeCell(text: string): string {
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

/** One drop-down of the template and the matching the import does on it. */
export class Lookup<T = number> {
  private readonly byKey = new Map<string, T>();
  readonly values: string[] = [];

  /** `label` goes to the drop-down; `aliases` are also accepted (codes, documents). */
  add(label: string, id: T, aliases: string[] = []): void {
    if (!this.byKey.has(lookupKey(label))) this.values.push(label);
    for (const text of [label, ...aliases]) {
      const key = lookupKey(text);
      if (key && !this.byKey.has(key)) this.byKey.set(key, id);
    }
  }

  /** sheets repeat the same few values on every row: each distinct text is normalised once */
  private readonly memo = new Map<string, T | null>();

  find(text: string): T | undefined {
    let found = this.memo.get(text);
    if (found === undefined) {
      found = this.byKey.get(lookupKey(text)) ?? this.byKey.get(lookupKey(unescapeCell(text))) ?? null;
      if (this.memo.size < 5000) this.memo.set(flat(text), found);
    }
    return found ?? undefined;
  }
}

type TextLookupName = 'countries' | 'languages' | 'statuses' | 'genders' | 'presences' | 'training_results' | 'user_types' | 'company_types'
  | 'timezones' | 'marital_statuses' | 'import_codes';

export type Lookups = Record<Exclude<LookupName, TextLookupName>, Lookup> & {
  /** spec 1 §5.3 "Invalid email for this profile": the profiles that name e-mail domains */
  profileEmailDomains: Map<number, string[]>;
  countries: Lookup<{ id: number; code: string }>;
  languages: Lookup;
  statuses: Lookup<string>;
  genders: Lookup<string>;
  user_types: Lookup<string>;
  company_types: Lookup<string>;
  timezones: Lookup<string>;
  marital_statuses: Lookup<string>;
  import_codes: Lookup<string>;
  presences: Lookup<string>;
  training_results: Lookup<string>;
};

/** Statuses an import may set: not the ones only the deletion flow sets (spec 1 §4.1–4.2). */
export const IMPORT_STATUSES = USER_STATUSES.filter((s) => s !== 'deleted' && s !== 'deletion_requested');

/** An event of a face-to-face appointment as its drop-down shows it: its day and start hour (spec 3 §3), or its id. */
export const eventLabel = (e: { date: string; start_hour: string }) => `${e.date} ${e.start_hour}`;

/**
 * A fixed list of words (attendance, results) as the drop-down shows it: each in the reader's
 * language (spec 1 §9; the printed lists' texts); read back in any of the four languages or as
 * the slug itself, so a sheet filled by someone reading another language, or an older template,
 * still imports. Without a language (the import's passes only read) the drop-down keeps the slugs.
 */
export function wordLookup(slugs: readonly string[], textKey: (slug: string) => string, languageId: number | null): Lookup<string> {
  const lookup = new Lookup<string>();
  for (const slug of slugs) {
    const labels = LANGUAGES.map((l) => translate(l.id, textKey(slug)));
    lookup.add(languageId === null ? slug : translate(languageId, textKey(slug)), slug, [slug, ...labels]);
  }
  return lookup;
}

/**
 * The selected client's lookups (spec 1 §3.8), for drop-downs and for reading the rows; with a
 * target (an import into one appointment) that appointment's active events too. `languageId`: the
 * language of a template's drop-down words.
 */
export async function loadLookups(db: Db, clientId: number, targetId: number | null = null, languageId: number | null = null): Promise<Lookups> {
  const named = async (table: 'profiles' | 'areas' | 'user_groups' | 'branch_types' | 'branch_size_types' | 'regionals') => {
    const lookup = new Lookup();
    const rows = await db.selectFrom(table).select(['id', 'name']).where('client_id', '=', clientId).orderBy('name').orderBy('id').execute();
    for (const r of rows) lookup.add(r.name, r.id);
    return lookup;
  };
  const branches = new Lookup();
  for (const r of await db.selectFrom('branches').select(['id', 'name', 'code']).where('client_id', '=', clientId).orderBy('name').orderBy('id').execute()) {
    branches.add(r.name, r.id, r.code ? [r.code] : []);
  }
  const headquarters = new Lookup();
  for (const r of await db.selectFrom('headquarters').select(['id', 'name', 'company_document']).where('client_id', '=', clientId).orderBy('company_document').execute()) {
    // the column asks for the company_document (spec 1 §3.6); the name is accepted too
    headquarters.add(r.company_document, r.id, [r.name, unmaskDocument(r.company_document)]);
  }
  const countries = new Lookup<{ id: number; code: string }>();
  for (const r of await db.selectFrom('countries').select(['id', 'name', 'code']).orderBy('name').execute()) {
    countries.add(r.name, { id: r.id, code: r.code }, [r.code]);
  }
  const languages = new Lookup();
  for (const l of LANGUAGES) languages.add(l.code, l.id, [l.name, l.code.split('-')[0]!]);
  const statuses = new Lookup<string>();
  for (const s of IMPORT_STATUSES) statuses.add(s, s);
  const profileEmailDomains = new Map<number, string[]>();
  for (const r of await db.selectFrom('profiles').select(['id', 'email_domains']).where('client_id', '=', clientId).execute()) {
    const domains = r.email_domains;
    if (domains.length) profileEmailDomains.set(r.id, domains);
  }
  const zones = new Lookup<string>();
  for (const z of timezoneOptions()) zones.add(z.value, z.value);
  // the drills import's target, by title (spec 1 §4.3)
  const drills = new Lookup();
  for (const r of await db.selectFrom('drills').select(['id', 'title']).where('client_id', '=', clientId).where('status', '!=', DRILL_STATUS.deleted).orderBy('title').orderBy('id').execute()) {
    drills.add(r.title, r.id);
  }
  const importCodes = new Lookup<string>();
  for (const r of await db.selectFrom('client_import_codes').select('code').where('client_id', '=', clientId).orderBy('code').execute()) {
    importCodes.add(r.code, r.code);
  }
  const events = new Lookup();
  if (targetId !== null) {
    const rows = await db.selectFrom('presential_events as e').innerJoin('presential_appointments as a', 'a.id', 'e.appointment_id')
      .select(['e.id', 'e.date', 'e.start_hour']).where('a.client_id', '=', clientId).where('a.id', '=', targetId).where('e.status', '=', 1)
      .orderBy('e.date').orderBy('e.start_hour').orderBy('e.id').execute();
    for (const e of rows) {
      const [y, m, d] = e.date.split('-');
      events.add(eventLabel(e), e.id, [String(e.id), `${d}/${m}/${y} ${e.start_hour}`]);
    }
  }
  return {
    presential_events: events,
    presences: wordLookup(PRESENCE_VALUES, (p) => `presential_print.presence.${p}`, languageId),
    training_results: wordLookup(TRAINING_RESULTS, (r) => `presential_print.results.${r}`, languageId),
    profiles: await named('profiles'),
    profileEmailDomains,
    areas: await named('areas'),
    user_groups: await named('user_groups'),
    branch_types: await named('branch_types'),
    branch_size_types: await named('branch_size_types'),
    regionals: await named('regionals'),
    branches,
    headquarters,
    countries,
    languages,
    statuses,
    genders: codeLookup('genders', languageId),
    user_types: codeLookup('user_types', languageId),
    company_types: codeLookup('company_types', languageId),
    timezones: zones,
    marital_statuses: wordLookup(MARITAL_STATUSES, (m) => `resources.users.marital_status.${m}`, languageId),
    drills,
    import_codes: importCodes,
  };
}

/** A spec 1 §3.8 code list, read as the other fixed word lists are (wordLookup). */
const codeLookup = (list: CodeListName, languageId: number | null): Lookup<string> =>
  wordLookup(CODE_LISTS[list], (code) => codeLabelKey(list, code), languageId);
