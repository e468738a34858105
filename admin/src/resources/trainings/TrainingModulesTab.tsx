import { useState } from 'react';
import { Box, Button, Stack, TableCell, TableRow } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Confirm, useLocale, useTranslate } from 'react-admin';
import { ADMIN_RESOURCES, TRAINING_PATHS, type TrainingModule } from '@lp/shared/contract';
import { formatDate, languageIdForLocale, type LocaleCode, type ModuleTypeInfo } from '@lp/shared/rules';
import { useReferenceList } from '../../common/http/index.ts';
import { ContentStatusChip } from '../../common/ContentStatusChip.tsx';
import { ModuleDialog } from './modules/ModuleDialog.tsx';
import { BackToTrainings, RowActions, TabTable } from '../../common/contentTabs/TabTable.tsx';
import { useNestedTabRows } from '../../common/contentTabs/useNestedTabRows.ts';
import { nestedResource } from '../../common/nested/nestedResources.ts';

const KEY = 'resources.trainings.modules';

export interface TrainingModulesTabProps {
  trainingId: number;
  canManage: boolean;
}

/** The dialog, when open: a new module (null) or an existing one. */
type Editing = { module: TrainingModule | null } | null;

/**
 * spec 2 §2.3 "Modules" tab: every module of the training (rows per page 0 = all, spec 2 §9)
 * with New, edit and delete after confirmation, and the module dialog. Without
 * trainings_manage the dialog still opens to view, and Back remains (spec 2 §6).
 */
export function TrainingModulesTab({ trainingId, canManage }: TrainingModulesTabProps) {
  const translate = useTranslate();
  const locale = useLocale();
  const types = useReferenceList<ModuleTypeInfo>(TRAINING_PATHS.moduleTypes);
  const { rows, reload, removing, askRemove, confirmRemove } = useNestedTabRows<TrainingModule>(
    nestedResource(ADMIN_RESOURCES.trainings.name, trainingId, 'modules'), KEY,
  );
  const [editing, setEditing] = useState<Editing>(null);
  const languageId = languageIdForLocale(locale as LocaleCode);
  const typeSlug = (id: number) => types.data?.find((t) => t.id === id)?.slug;
  const columns = ['title', 'type', 'avaliable_in', 'module_score', 'status', 'actions'].map((c) => translate(`${KEY}.columns.${c}`));

  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Box sx={{ display: 'flex' }}>
        <Box sx={{ flex: 1 }} />
        <Button variant="contained" startIcon={<AddIcon />} disabled={!canManage || !types.data} onClick={() => setEditing({ module: null })}>
          {translate(`${KEY}.new`)}
        </Button>
      </Box>
      <TabTable label={translate(`${KEY}.title`)} columns={columns} count={rows?.length ?? null} emptyText={translate(`${KEY}.empty`)}>
        {rows?.map((row) => {
          const slug = typeSlug(row.group_training_module_type);
          return (
            <TableRow key={row.id}>
              <TableCell>{row.title}</TableCell>
              <TableCell>{slug ? translate(`trainings.module_types.${slug}`, { _: slug }) : ''}</TableCell>
              <TableCell>{row.avaliable_in ? formatDate(row.avaliable_in, languageId) : ''}</TableCell>
              <TableCell>{row.module_score}</TableCell>
              <TableCell><ContentStatusChip status={row.status} /></TableCell>
              <RowActions
                editLabel={translate(`${KEY}.edit`, { title: row.title })}
                deleteLabel={translate(`${KEY}.delete`, { title: row.title })}
                editDisabled={!types.data}
                deleteDisabled={!canManage}
                onEdit={() => setEditing({ module: row })}
                onDelete={() => askRemove(row)}
              />
            </TableRow>
          );
        })}
      </TabTable>
      <BackToTrainings />
      {editing && types.data && (
        <ModuleDialog
          trainingId={trainingId}
          module={editing.module}
          types={types.data}
          canManage={canManage}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void reload();
          }}
        />
      )}
      <Confirm
        isOpen={!!removing}
        title={`${KEY}.delete_confirm_title`}
        content={`${KEY}.delete_confirm_content`}
        translateOptions={{ title: removing?.title ?? '' }}
        onConfirm={() => void confirmRemove()}
        onClose={() => askRemove(null)}
      />
    </Stack>
  );
}
