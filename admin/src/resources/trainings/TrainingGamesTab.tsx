import { Route, Routes, useParams } from 'react-router-dom';
import { GameEditor } from './games/GameEditor.tsx';
import { GamesTable } from './games/GamesTable.tsx';

export interface TrainingGamesTabProps {
  trainingId: number;
  canManage: boolean;
}

/** `/trainings/{id}/games/{gameId}`: a saved game's id, or null for anything else (the table). */
function EditGameRoute({ trainingId, canManage }: TrainingGamesTabProps) {
  const raw = useParams().gameId;
  const gameId = raw && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
  if (gameId === null) return <GamesTable trainingId={trainingId} canManage={canManage} />;
  return <GameEditor key={gameId} trainingId={trainingId} gameId={gameId} canManage={canManage} />;
}

/**
 * spec 2 §2.3 Games tab: the table of the training's games at `/trainings/{id}/games`; "New and
 * edit open a separate game editor" (spec 3 §2), a route of its own under the tab:
 * `/trainings/{id}/games/new` and `/trainings/{id}/games/{gameId}`. The training editor's route is
 * `/trainings/:id/*`, so these match the rest of its path.
 */
export function TrainingGamesTab({ trainingId, canManage }: TrainingGamesTabProps) {
  return (
    <Routes>
      <Route path="games/new" element={<GameEditor key="new" trainingId={trainingId} gameId={null} canManage={canManage} />} />
      <Route path="games/:gameId" element={<EditGameRoute trainingId={trainingId} canManage={canManage} />} />
      <Route path="*" element={<GamesTable trainingId={trainingId} canManage={canManage} />} />
    </Routes>
  );
}
