import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SNIFF_BYTES } from '@hookwall/media';
import { authenticate, currentUser } from '../../core/authenticate.ts';
import { paginate } from '../../core/pagination.ts';
import { teamAccess, teamFromHeader } from '../teams/team-access.ts';
import * as s from './music-tracks.schemas.ts';
import * as service from './music-tracks.service.ts';
import { discardUpload, readMusicUpload, receivedFile } from './music-upload.ts';

/** `/api/music-tracks/`: the current team's music, played under its videos (docs/media.md, Music tracks). */
export async function musicTracksRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const tags = ['Music Tracks'];
  const member = { onRequest: [authenticate, teamFromHeader] };
  const params = s.musicTrackIdParam;

  r.get('/', { ...member, schema: { tags, querystring: s.musicTrackListQuery, response: { 200: s.musicTrackPage } } }, async (request) =>
    paginate(request, request.query, (p) => service.listMusicTracks(deps, teamAccess(request), request.query, p.pageSize, p.offset)),
  );
  r.post(
    '/',
    {
      ...member,
      // who may upload, and whether the team has room, before a byte of the file is read; then the
      // form becomes the body the schema checks (the file itself waits in a temporary folder)
      preValidation: async (request) => {
        await service.assertCanUpload(deps, teamAccess(request));
        request.body = (await readMusicUpload(request, SNIFF_BYTES)) as typeof request.body;
      },
      onResponse: async (request) => discardUpload(request),
      onRequestAbort: async (request) => discardUpload(request),
      schema: { tags, consumes: ['multipart/form-data'], body: s.musicTrackUploadRequest, response: { 201: s.musicTrackSchema } },
    },
    async (request, reply) => {
      const track = await service.createMusicTrack(deps, teamAccess(request), currentUser(request).id, receivedFile(request), request.body.name);
      return reply.code(201).send(track);
    },
  );
  r.get('/:id/', { ...member, schema: { tags, params, response: { 200: s.musicTrackSchema } } }, async (request) =>
    service.getMusicTrack(deps, teamAccess(request), request.params.id),
  );
  r.patch('/:id/', { ...member, schema: { tags, params, body: s.patchedMusicTrackRequest, response: { 200: s.musicTrackSchema } } }, async (request) =>
    service.renameMusicTrack(deps, teamAccess(request), request.params.id, request.body.name),
  );
  r.delete('/:id/', { ...member, schema: { tags, params } }, async (request, reply) => {
    await service.deleteMusicTrack(deps, teamAccess(request), request.params.id);
    return reply.code(204).send();
  });
}
