import { api, type AdResultImportCreated } from '@/api/api';

/**
 * The export upload (the generated client has no body for a multipart call): the file goes as
 * FormData through the same base query, so the token, the team header, the refresh on 401 and the
 * error handling are those of every other call. An import changes the insights too.
 */
export const adResultsUploadApi = api.injectEndpoints({
  endpoints: (build) => ({
    importAdResults: build.mutation<AdResultImportCreated, { file: File }>({
      query: ({ file }) => {
        const body = new FormData();
        body.append('file', file);
        return { url: '/api/ad-results/imports/', method: 'POST', body };
      },
      invalidatesTags: ['Ad Results'],
    }),
  }),
});

export const { useImportAdResultsMutation } = adResultsUploadApi;

/** the largest export the API takes (docs/ad-results.md) */
export const MAX_EXPORT_BYTES = 20 * 1024 * 1024;
export const EXPORT_ACCEPT = '.csv,.tsv,.txt,.xlsx,text/csv,text/tab-separated-values,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
