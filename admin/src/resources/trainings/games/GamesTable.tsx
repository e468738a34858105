import { Box, Button, Stack, TableCell, TableRow } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useNavigate } from 'react-router-dom';
import { Confirm, useLocale, useTranslate } from 'react-admin';
import type { GameListItem } from '@lp/shared/contract';
import { formatDate, languageIdForLocale, type LocaleCode } from '@lp/shared/rules';
import { ContentStatusChip } from '../../../common/ContentStatusChip.tsx';
import { BackToTrainings, RowActions, TabTable } from '../../../common/contentTabs/TabTable.tsx';
import { useNestedTabRows } from '../../../common/contentTabs/useNestedTabRows.ts';
import { GAMES_KEY as KEY, gameRoutes, gamesResource } from './gamePaths.ts';

export interface GamesTableProps {
  trainingId: number;
  canManage: boolean;
}

const COLUMNS = ['id', 'title', 'type', 'status', 'avaliable_in', 'score', 'actions'] as const;

/**
 * spec 2 §2.3 Games tab: every game of the training (spec 2 §3.3 "Game (list level)") with New,
 * edit and delete after confirmation. Without trainings_manage New and delete are disabled and
 * edit opens the editor to view (spec 2 §6).
 */
export function GamesTable({ trainingId, canManage }: GamesTableProps) {
  const translate = useTranslate();
  const locale = useLocale();
  const navigate = useNavigate();
  const { rows, removing, askRemove, confirmRemove } = useNestedTabRows<GameListItem>(gamesResource(trainingId), KEY);
  const languageId = languageIdForLocale(locale as LocaleCode);
  const columns = COLUMNS.map((c) => translate(`${KEY}.columns.${c}`));

  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Box sx={{ display: 'flex' }}>
        <Box sx={{ flex: 1 }} />
        <Button variant="contained" startIcon={<AddIcon />} disabled={!canManage} onClick={() => navigate(gameRoutes.create(trainingId))}>
          {translate(`${KEY}.new`)}
        </Button>
      </Box>
      <TabTable label={translate(`${KEY}.title`)} columns={columns} count={rows?.length ?? null} emptyText={translate(`${KEY}.empty`)}>
        {rows?.map((row) => (
          <TableRow key={row.id}>
            <TableCell>{row.id}</TableCell>
            <TableCell>{row.title}</TableCell>
            <TableCell>{translate(`trainings.game_types.${row.group_training_game_type.slug}`, { _: row.group_training_game_type.slug })}</TableCell>
            <TableCell><ContentStatusChip status={row.status} /></TableCell>
            <TableCell>{row.avaliable_in ? formatDate(row.avaliable_in, languageId) : ''}</TableCell>
            <TableCell>{row.score}</TableCell>
            <RowActions
              editLabel={translate(`${KEY}.edit`, { title: row.title })}
              deleteLabel={translate(`${KEY}.delete`, { title: row.title })}
              deleteDisabled={!canManage}
              onEdit={() => navigate(gameRoutes.edit(trainingId, row.id))}
              onDelete={() => askRemove(row)}
            />
          </TableRow>
        ))}
      </TabTable>
      <BackToTrainings />
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
