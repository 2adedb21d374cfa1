import { describe, expect, it } from 'vitest';
import { api, tagOf } from './api';

/** Spec section 3's tag types: contexts live under 'api', clips under 'Brand Videos'. */
describe('cache tags of the contexts and brand video endpoints', () => {
  it('contexts provide and invalidate api', () => {
    for (const name of ['getApiContexts', 'postApiContexts', 'putApiContextsById', 'patchApiContextsById', 'deleteApiContextsById', 'getApiContextsDownloadCsv']) {
      expect(name in api.endpoints).toBe(true);
      expect(tagOf(name)).toBe('api');
    }
  });

  it('brand videos provide and invalidate Brand Videos', () => {
    for (const name of [
      'getApiBrandVideos',
      'postApiBrandVideos',
      'getApiBrandVideosAvailableTags',
      'postApiBrandVideosBulkTag',
      'patchApiBrandVideosById',
      'deleteApiBrandVideosById',
      'postApiBrandVideosByIdUploadUrl',
      'postApiBrandVideosByIdConfirmUpload',
    ]) {
      expect(name in api.endpoints).toBe(true);
      expect(tagOf(name)).toBe('Brand Videos');
    }
  });
});
