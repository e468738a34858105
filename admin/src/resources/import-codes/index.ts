import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { referenceResources } from '../../common/referenceList/referenceResource.ts';

/** spec 1 §2.3 `import-code`, title import_code (superuser only, §6.1): the client's import codes. */
export default referenceResources(() => import('./ReferenceScreens.tsx'))(ADMIN_RESOURCES.import_codes.title, 'code');
