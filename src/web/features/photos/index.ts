export { PhotoGallery } from './photo-gallery';
export { PhotoTimeOffer } from './photo-time-offer';
export type { UploadedPhoto } from './photo-upload-dialog';
export { UploadedPhotosField } from './uploaded-photos-field';
export { uploadRefusalMessage } from './upload-calls';
