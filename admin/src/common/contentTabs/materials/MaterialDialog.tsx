import { useRef, useState } from 'react';
import {
  Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Stack, Switch, TextField,
} from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { MATERIAL_DEFAULT_STATUS, UPLOAD_LIMITS, checkMaterialFile, validateMaterialForm } from '@lp/shared/rules';
import type { TrainingMaterial } from '@lp/shared/contract';
import type { MaterialOwner } from './materialOwner.ts';
import { TusFileField } from '../../upload/TusFileField.tsx';
import { fieldCodesOf, fieldMessage } from '../../editor/index.ts';
import { formatFileSize } from '../fileSize.ts';
import { useContractHttp, type FormFields } from '../../http/index.ts';

const KEY = 'resources.trainings.materials';
const FIELD_ORDER = ['title', 'resource', 'status'] as const;

export interface MaterialDialogProps {
  /** paths and upload kind of the owner (group training or webcast) */
  owner: MaterialOwner;
  ownerId: number;
  /** the material edited; null for a new one */
  material: TrainingMaterial | null;
  canManage: boolean;
  onClose(): void;
  onSaved(): void;
}

/**
 * spec 2 §2.3 support material dialog: title, published/unpublished toggle, a single-file
 * uploader showing a link to the uploaded file, Cancel and Save (§5.7: title and file required;
 * §4.3: a new material is published). Saved as the §7.1 multipart form.
 */
export function MaterialDialog({ owner, ownerId, material, canManage, onClose, onSaved }: MaterialDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const http = useContractHttp();
  const isNew = material === null;
  const [title, setTitle] = useState(material?.title ?? '');
  const [status, setStatus] = useState<number>(material?.status ?? MATERIAL_DEFAULT_STATUS);
  const [uploaded, setUploaded] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const fieldRefs = useRef<Record<string, HTMLElement | null>>({});
  const readOnly = !canManage;

  const showErrors = (codes: Record<string, string>) => {
    setErrors(Object.fromEntries(Object.entries(codes).map(([field, code]) => [field, fieldMessage(code)])));
    const first = FIELD_ORDER.find((f) => codes[f]);
    if (first) fieldRefs.current[first]?.focus();
  };

  const save = async () => {
    const fields: FormFields = { title: title.trim(), status, resource: uploaded ?? material?.resource ?? '' };
    const invalid = validateMaterialForm(fields as Record<string, string>);
    if (Object.keys(invalid).length) {
      notify('errors.make_sure_that_all_fields_are_filled_in', { type: 'error' });
      showErrors(invalid);
      return;
    }
    setSaving(true);
    try {
      if (isNew) await http.form(owner.collection(ownerId), 'POST', fields);
      else await http.form(owner.item(ownerId, material.id), 'PUT', fields);
      notify(`${KEY}.${isNew ? 'support_material_add_success' : 'support_material_edit_success'}`, { type: 'success' });
      onSaved();
    } catch (error) {
      console.error('support material save failed', error);
      showErrors(fieldCodesOf(error));
      notify(`${KEY}.${isNew ? 'support_material_add_error' : 'support_material_edit_error'}`, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const current = material?.resource
    ? { name: translate(`${KEY}.file.open`, { name: material.resource_name ?? material.resource.split('/').pop() ?? '' }), url: material.resource_url }
    : null;
  const dialogTitle = readOnly ? `${KEY}.view_title` : isNew ? `${KEY}.add_title` : `${KEY}.edit_title`;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="material-dialog-title">
      <DialogTitle id="material-dialog-title">{translate(dialogTitle)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={translate(`${KEY}.fields.title`)}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            required
            disabled={readOnly}
            error={!!errors.title}
            helperText={errors.title ? translate(errors.title) : null}
            inputRef={(el: HTMLElement | null) => { fieldRefs.current.title = el; }}
          />
          <FormControlLabel
            control={<Switch checked={status === 1} disabled={readOnly} onChange={(_e, on) => setStatus(on ? 1 : 2)} />}
            label={translate(`${KEY}.fields.status`)}
          />
          <div ref={(el) => { fieldRefs.current.resource = el; }} tabIndex={-1}>
            <TusFileField
              kind={owner.uploadKind}
              label={translate(`${KEY}.fields.file`)}
              accept=""
              hint={translate(`${KEY}.file.any`, { size: formatFileSize(UPLOAD_LIMITS.generalMaxBytes) })}
              current={current}
              disabled={readOnly}
              error={errors.resource ? translate(errors.resource) : null}
              check={(file) => {
                const code = checkMaterialFile(file.size);
                return code ? `errors.${code}` : null;
              }}
              onUploaded={(id) => setUploaded(id)}
              onRefused={(key) => setErrors((e) => ({ ...e, resource: key }))}
              onBusyChange={setUploading}
            />
          </div>
          {uploading && <Alert severity="info">{translate(`${KEY}.uploading`)}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={readOnly || saving || uploading} onClick={() => void save()}>
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
