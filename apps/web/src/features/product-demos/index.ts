// what other features use of the clip uploads: the clip rules and the PUT with progress (the text-wall builder's background upload)
export { CLIP_ACCEPT, clipContentType, formatTimeLeft, kindLabel, MAX_CLIP_BYTES, titleOf } from './clip-format';
export { putFileWithProgress, UploadCancelledError } from './upload-file';
