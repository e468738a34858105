import type { ReactElement } from 'react';
import SchoolIcon from '@mui/icons-material/School';
import VideoCameraFrontIcon from '@mui/icons-material/VideoCameraFront';
import SensorsIcon from '@mui/icons-material/Sensors';
import NewspaperIcon from '@mui/icons-material/Newspaper';
import PodcastsIcon from '@mui/icons-material/Podcasts';
import FolderIcon from '@mui/icons-material/Folder';
import type { TrailItemKind } from '@lp/shared/rules';

/** Each kind of trail module with the icon its own screen has in the menu (spec 2 §2.4). */
export const TRAIL_KIND_ICONS: Record<TrailItemKind, ReactElement> = {
  training: <SchoolIcon fontSize="small" />,
  live_class: <VideoCameraFrontIcon fontSize="small" />,
  webcast: <SensorsIcon fontSize="small" />,
  news: <NewspaperIcon fontSize="small" />,
  podcast: <PodcastsIcon fontSize="small" />,
  library_file: <FolderIcon fontSize="small" />,
};
