import StraightenIcon from '@mui/icons-material/Straighten';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { namedItemResource } from '../../common/namedItem/namedItemResource.ts';

export default namedItemResource(ADMIN_RESOURCES.branch_size_types.title, StraightenIcon);
