import { maxLength, required } from 'react-admin';

export const validateGroupName = [required(), maxLength(120)];
