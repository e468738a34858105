import { useMemo, useRef, useState } from 'react';
import {
  Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, MenuItem, Stack, Switch, TextField,
} from '@mui/material';
import StorageIcon from '@mui/icons-material/Storage';
import { useNotify, useTranslate } from 'react-admin';
import { UPLOAD_KINDS, type ModuleSearchHit, type TrainingModule } from '@lp/shared/contract';
import {
  checkModuleFile, moduleAccept, moduleFileLocked, moduleFileRule, moduleTypeLocked, validateModuleForm, type ModuleTypeInfo,
} from '@lp/shared/rules';
import type { FormFields } from '../../../common/http/index.ts';
import { useTrainingActions } from '../trainingActions.ts';
import { ModuleImportDialog } from './ModuleImportDialog.tsx';
import { TusFileField } from '../../../common/upload/TusFileField.tsx';
import { fieldCodesOf, fieldMessage } from '../../../common/editor/index.ts';
import { formatFileSize } from '../../../common/contentTabs/fileSize.ts';

const KEY = 'resources.trainings.modules';
/** the dialog's fields, in the order the first invalid one is focused */
const FIELD_ORDER = ['group_training_module_type', 'title', 'resource', 'avaliable_in', 'module_score', 'status'] as const;

export interface ModuleDialogProps {
  trainingId: number;
  /** the module edited; null for a new one */
  module: TrainingModule | null;
  types: ModuleTypeInfo[];
  canManage: boolean;
  onClose(): void;
  onSaved(): void;
}

/** A new resource chosen in the dialog: an upload of ours, or a copy made by "import from database". */
interface NewFile { id: string; name: string }

/**
 * spec 2 §2.3 module dialog: content type, 'import from database' (new modules only), title,
 * file uploader or embed field, available-from date, module score and status toggle; the §4.2
 * locks disable the type and file with their reason. Saved as the §7.1 multipart form.
 */
export function ModuleDialog({ trainingId, module, types, canManage, onClose, onSaved }: ModuleDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const actions = useTrainingActions();
  const isNew = module === null;
  const [typeId, setTypeId] = useState<number | ''>(module?.group_training_module_type ?? '');
  const [title, setTitle] = useState(module?.title ?? '');
  const [availableIn, setAvailableIn] = useState(module?.avaliable_in ?? '');
  const [score, setScore] = useState(module && module.module_score ? String(module.module_score) : '');
  const [status, setStatus] = useState<number>(module?.status ?? 1);
  const currentType = types.find((t) => t.id === module?.group_training_module_type);
  const [embed, setEmbed] = useState(currentType?.use_embed ? module?.resource ?? '' : '');
  const [uploaded, setUploaded] = useState<NewFile | null>(null);
  const [imported, setImported] = useState<NewFile | null>(null);
  const [uploading, setUploading] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const fieldRefs = useRef<Record<string, HTMLElement | null>>({});

  const type = types.find((t) => t.id === typeId);
  const lock = {
    slug: currentType?.slug ?? null, qty_views: module?.qty_views ?? 0, qty_progress: module?.qty_progress ?? 0, exists: !isNew,
  };
  const typeLocked = moduleTypeLocked(lock);
  const fileLocked = moduleFileLocked(lock);
  const readOnly = !canManage;
  // spec 2 §4.2: 4 and 5 are "processing"; the toggle only offers 1 and 2
  const processing = status !== 1 && status !== 2;
  const currentFile = module && !currentType?.use_embed && module.resource
    ? { name: module.resource_name ?? module.resource.split('/').pop() ?? module.resource, url: module.resource_url }
    : null;

  const hint = useMemo(() => {
    const rule = moduleFileRule(type?.slug);
    if (!rule) return translate(`${KEY}.file.choose_type_first`);
    const size = formatFileSize(rule.maxBytes);
    return rule.extensions
      ? translate(`${KEY}.file.accepted`, { types: rule.extensions.map((e) => `.${e}`).join(', '), size })
      : translate(`${KEY}.file.any`, { size });
  }, [type?.slug, translate]);

  const resourceValue = (): string => {
    if (type?.use_embed) return embed.trim();
    if (uploaded) return uploaded.id;
    if (imported) return imported.id;
    // the current file unchanged, when the module has one
    return module && !currentType?.use_embed ? module.resource ?? '' : '';
  };

  const fieldError = (field: string) => (errors[field] ? translate(errors[field]!) : null);

  const showErrors = (codes: Record<string, string>) => {
    setErrors(Object.fromEntries(Object.entries(codes).map(([field, code]) => [field, fieldMessage(code)])));
    const first = FIELD_ORDER.find((f) => codes[f]);
    if (first) fieldRefs.current[first]?.focus();
  };

  const onImport = (hit: ModuleSearchHit, resource: string) => {
    setImportOpen(false);
    setTypeId(hit.group_training_module_type_id);
    if (!title.trim()) setTitle(hit.group_training_module_title);
    if (hit.group_training_module_type_use_embed) {
      setEmbed(resource);
      setImported(null);
    } else {
      setImported({ id: resource, name: hit.group_training_module_title });
    }
    setErrors({});
  };

  const save = async () => {
    const fields: FormFields = {
      title: title.trim(),
      group_training_module_type: typeId === '' ? '' : String(typeId),
      ...(processing ? {} : { status }),
      // spec 2 §7.1: avaliable_in and module_score are optional
      ...(availableIn ? { avaliable_in: availableIn } : {}),
      ...(score.trim() ? { module_score: score.trim() } : {}),
      resource: resourceValue(),
    };
    const invalid = validateModuleForm(fields as Record<string, string>, type);
    if (Object.keys(invalid).length) {
      // spec 2 §5: a negative notice, the first invalid field focused, nothing sent
      notify('errors.make_sure_that_all_fields_are_filled_in', { type: 'error' });
      showErrors(invalid);
      return;
    }
    setSaving(true);
    try {
      await actions.saveModule(trainingId, isNew ? null : module.id, fields);
      notify(`${KEY}.${isNew ? 'module_add_success' : 'module_edit_success'}`, { type: 'success' });
      onSaved();
    } catch (error) {
      console.error('module save failed', error);
      showErrors(fieldCodesOf(error));
      notify(`${KEY}.${isNew ? 'module_add_error' : 'module_edit_error'}`, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const dialogTitle = readOnly ? `${KEY}.view_title` : isNew ? `${KEY}.add_title` : `${KEY}.edit_title`;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="module-dialog-title">
      <DialogTitle id="module-dialog-title">{translate(dialogTitle)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Stack direction="row" spacing={1} alignItems="flex-start">
            <TextField
              select
              fullWidth
              label={translate(`${KEY}.fields.group_training_module_type`)}
              value={typeId}
              onChange={(event) => {
                setTypeId(Number(event.target.value));
                setErrors((e) => ({ ...e, group_training_module_type: '', resource: '' }));
              }}
              disabled={readOnly || typeLocked}
              required
              error={!!errors.group_training_module_type}
              helperText={typeLocked ? translate(`${KEY}.locked.type`) : fieldError('group_training_module_type')}
              inputRef={(el: HTMLElement | null) => { fieldRefs.current.group_training_module_type = el; }}
            >
              {types.map((t) => (
                <MenuItem key={t.id} value={t.id}>{translate(`trainings.module_types.${t.slug}`, { _: t.slug })}</MenuItem>
              ))}
            </TextField>
            {isNew && (
              <Button sx={{ flexShrink: 0, mt: 1 }} startIcon={<StorageIcon />} disabled={readOnly} onClick={() => setImportOpen(true)}>
                {translate(`${KEY}.import.button`)}
              </Button>
            )}
          </Stack>
          <TextField
            label={translate(`${KEY}.fields.title`)}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            required
            disabled={readOnly}
            error={!!errors.title}
            helperText={fieldError('title')}
            inputRef={(el: HTMLElement | null) => { fieldRefs.current.title = el; }}
          />
          {type?.use_embed ? (
            <TextField
              label={translate(`${KEY}.fields.embed`)}
              value={embed}
              onChange={(event) => setEmbed(event.target.value)}
              multiline
              minRows={2}
              required
              disabled={readOnly || fileLocked}
              error={!!errors.resource}
              helperText={fileLocked ? translate(`${KEY}.locked.file`) : fieldError('resource') ?? translate(`${KEY}.fields.embed_help`)}
              inputRef={(el: HTMLElement | null) => { fieldRefs.current.resource = el; }}
            />
          ) : (
            <div ref={(el) => { fieldRefs.current.resource = el; }} tabIndex={-1}>
              <TusFileField
                kind={UPLOAD_KINDS.trainingModule}
                label={translate(`${KEY}.fields.file`)}
                accept={moduleAccept(type?.slug)}
                hint={hint}
                current={imported && !uploaded ? { name: translate(`${KEY}.file.imported`, { name: imported.name }), url: null } : currentFile}
                disabled={readOnly || !type}
                lockedReason={fileLocked ? translate(`${KEY}.locked.file`) : null}
                error={fieldError('resource')}
                check={(file) => {
                  const code = type ? checkModuleFile(type.slug, file.name, file.size) : 'invalid_file_type';
                  return code ? `errors.${code}` : null;
                }}
                onUploaded={(id, file) => setUploaded(id && file ? { id, name: file.name } : null)}
                onRefused={(key) => setErrors((e) => ({ ...e, resource: key }))}
                onBusyChange={setUploading}
              />
            </div>
          )}
          <TextField
            type="date"
            label={translate(`${KEY}.fields.avaliable_in`)}
            value={availableIn}
            onChange={(event) => setAvailableIn(event.target.value)}
            disabled={readOnly}
            error={!!errors.avaliable_in}
            helperText={fieldError('avaliable_in')}
            slotProps={{ inputLabel: { shrink: true } }}
            inputRef={(el: HTMLElement | null) => { fieldRefs.current.avaliable_in = el; }}
          />
          <TextField
            type="number"
            label={translate(`${KEY}.fields.module_score`)}
            value={score}
            onChange={(event) => setScore(event.target.value)}
            disabled={readOnly}
            error={!!errors.module_score}
            helperText={fieldError('module_score') ?? translate(`${KEY}.fields.module_score_help`)}
            slotProps={{ htmlInput: { min: 0, step: 1 } }}
            inputRef={(el: HTMLElement | null) => { fieldRefs.current.module_score = el; }}
          />
          <FormControlLabel
            control={<Switch checked={status === 1} disabled={readOnly || processing} onChange={(_e, on) => setStatus(on ? 1 : 2)} />}
            label={translate(processing ? 'common.content_status.processing' : `${KEY}.fields.status`)}
          />
          {uploading && <Alert severity="info">{translate(`${KEY}.uploading`)}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={readOnly || saving || uploading} onClick={() => void save()}>
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
      {importOpen && <ModuleImportDialog open onClose={() => setImportOpen(false)} onImport={onImport} />}
    </Dialog>
  );
}
