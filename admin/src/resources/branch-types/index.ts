import CategoryIcon from '@mui/icons-material/Category';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { namedItemResource } from '../../common/namedItem/namedItemResource.ts';

export default namedItemResource(ADMIN_RESOURCES.branch_types.title, CategoryIcon);
