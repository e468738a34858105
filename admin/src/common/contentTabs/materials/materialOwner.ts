import {
  ADMIN_RESOURCES, MATERIAL_PATHS, UPLOAD_KINDS, WEBCAST_MATERIAL_PATHS, WEBCAST_MATERIAL_UPLOAD_KIND,
} from '@lp/shared/contract';
import { nestedResource } from '../../nested/nestedResources.ts';

type Id = number | string;

/** The support materials' owner (spec 2 §7.1 trainings, §7.3 webcasts): its paths and tus upload kind. */
export interface MaterialOwner {
  /** the nested resource of the owner's materials (`trainings/7/materials`) */
  resource(ownerId: Id): string;
  collection(ownerId: Id): string;
  item(ownerId: Id, materialId: Id): string;
  uploadKind: string;
}

export const TRAINING_MATERIALS: MaterialOwner = {
  resource: (ownerId) => nestedResource(ADMIN_RESOURCES.trainings.name, ownerId, 'materials'),
  collection: MATERIAL_PATHS.collection, item: MATERIAL_PATHS.item, uploadKind: UPLOAD_KINDS.trainingMaterial,
};

export const WEBCAST_MATERIALS: MaterialOwner = {
  resource: (ownerId) => nestedResource(ADMIN_RESOURCES.webcasts.name, ownerId, 'materials'),
  collection: WEBCAST_MATERIAL_PATHS.collection, item: WEBCAST_MATERIAL_PATHS.item, uploadKind: WEBCAST_MATERIAL_UPLOAD_KIND,
};
