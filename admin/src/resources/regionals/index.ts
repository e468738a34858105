import MapIcon from '@mui/icons-material/Map';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { namedItemResource } from '../../common/namedItem/namedItemResource.ts';

export default namedItemResource(ADMIN_RESOURCES.regionals.title, MapIcon);
