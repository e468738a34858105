export { NAMED_SHAPE, referenceScreens, type ReferenceScreens, type ReferenceShape } from './referenceScreens.tsx';
export { referenceResources } from './referenceResource.ts';
