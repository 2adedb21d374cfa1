import { api, type BrandFont, type BrandKit } from '@/api/api';

/**
 * The two multipart uploads of the brand kits (the generated client has no body for them): the
 * file goes as FormData through the same base query, so the token, the team header, the refresh
 * on 401 and the error handling are those of every other call.
 */
export const brandUploadsApi = api.injectEndpoints({
  endpoints: (build) => ({
    uploadBrandFont: build.mutation<BrandFont, { file: File }>({
      query: ({ file }) => {
        const body = new FormData();
        body.append('font', file);
        return { url: '/api/brand-fonts/', method: 'POST', body };
      },
      invalidatesTags: ['Brand Kits'],
    }),
    uploadBrandKitLogo: build.mutation<BrandKit, { id: string; file: File }>({
      query: ({ id, file }) => {
        const body = new FormData();
        body.append('logo', file);
        return { url: `/api/brand-kits/${id}/logo/`, method: 'POST', body };
      },
      invalidatesTags: ['Brand Kits'],
    }),
  }),
});

export const { useUploadBrandFontMutation, useUploadBrandKitLogoMutation } = brandUploadsApi;

/** the limits the API holds uploads to (docs/brand-kits.md) */
export const MAX_LOGO_BYTES = 10 * 1024 * 1024;
export const MAX_FONT_BYTES = 10 * 1024 * 1024;
export const LOGO_ACCEPT = 'image/png,image/jpeg,image/webp,image/svg+xml,.png,.jpg,.jpeg,.webp,.svg';
export const FONT_ACCEPT = '.ttf,.otf,.woff,.woff2,font/ttf,font/otf,font/woff,font/woff2';
