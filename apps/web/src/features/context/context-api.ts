import { baseApi } from '@/api/base-api';

/**
 * Until the contexts module's endpoints are in the OpenAPI document (another issue), the create
 * call is declared here; once `npm run codegen` generates postApiContexts this file goes away.
 */
export interface ContextRequest {
  name: string;
  type: 'product';
  content: string;
}

export const contextApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    createContext: build.mutation<unknown, { contextRequest: ContextRequest }>({
      query: ({ contextRequest }) => ({ url: '/api/contexts/', method: 'POST', body: contextRequest }),
      invalidatesTags: ['api'],
    }),
  }),
  overrideExisting: false,
});

export const { useCreateContextMutation } = contextApi;
