import type { FastifyRequest } from 'fastify';
import { textsFromContent } from '@hookwall/text-files';
import { AppError, fieldError } from '../../core/errors.ts';
import { parseJsonWithinDepth } from '../../core/json-depth.ts';
import { nullCharacterFields } from '../../core/null-characters.ts';
import { MAX_BULK_VIDEOS, MAX_TEXT_FILE_BYTES, MAX_TEXT_FILE_LABEL } from '@hookwall/video/limits';

/**
 * The texts of an uploaded file: a CSV whose header has a `text` column, or plain text with one
 * video per line. Anything else (binary, no usable line) is a 400 naming the field.
 */
export function textsFromFile(bytes: Buffer): string[] {
  if (bytes.includes(0)) throw fieldError({ file: 'Upload a CSV file with a "text" column, or a text file with one video per line.' });
  const texts = textsFromContent(bytes.toString('utf8'));
  if (texts.length === 0) throw fieldError({ file: 'The file has no texts. Put one text per line, or use a CSV with a "text" column.' });
  if (texts.length > MAX_BULK_VIDEOS) throw fieldError({ file: `The file has ${texts.length} texts; at most ${MAX_BULK_VIDEOS} videos a call.` });
  return texts;
}

function parseField(name: string, value: string): unknown {
  const trimmed = value.trim();
  if (name === 'background_video_ids' || name === 'texts') {
    if (trimmed.startsWith('[')) return parseJsonWithinDepth(trimmed);
    return trimmed === '' ? [] : trimmed.split(',').map((s) => s.trim());
  }
  if (name === 'style' || name === 'styles' || name === 'voice' || name === 'captions' || name === 'music') return trimmed === '' ? undefined : parseJsonWithinDepth(trimmed);
  if (name === 'context_id' || name === 'count' || name === 'duration_seconds') return trimmed === '' ? undefined : Number(trimmed);
  return trimmed === '' ? undefined : trimmed;
}

/**
 * The multipart form of bulk_create: `file` plus the JSON request's fields as form fields, turned
 * into the body the JSON form would send. The route then validates it with the very schema of the
 * JSON form; the NUL check (which ran before this body existed) is run on it here, with the same
 * answer as for JSON, so a NUL never reaches the database.
 */
export async function readBulkMultipart(request: FastifyRequest): Promise<Record<string, unknown>> {
  const fields: Record<string, unknown> = {};
  let fileTexts: string[] | null = null;
  for await (const part of request.parts({ limits: { fileSize: MAX_TEXT_FILE_BYTES, files: 1, fields: 20 } })) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      const bytes = await part.toBuffer().catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw fieldError({ file: `The file is larger than ${MAX_TEXT_FILE_LABEL}.` });
        throw error;
      });
      if (part.file.truncated) throw fieldError({ file: `The file is larger than ${MAX_TEXT_FILE_LABEL}.` });
      fileTexts = textsFromFile(bytes);
      continue;
    }
    const value = String(part.value ?? '');
    try {
      const parsed = parseField(part.fieldname, value);
      if (part.fieldname === 'background_video_ids' && Array.isArray(fields.background_video_ids)) {
        fields.background_video_ids = [...(fields.background_video_ids as unknown[]), ...(parsed as unknown[])];
      } else if (parsed !== undefined) fields[part.fieldname] = parsed;
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw fieldError({ [part.fieldname]: 'This field is not valid JSON.' });
    }
  }
  if (fileTexts) fields.texts = [...((fields.texts as string[] | undefined) ?? []), ...fileTexts];
  const nul = nullCharacterFields(fields);
  if (Object.keys(nul).length > 0) throw new AppError('validation', Object.values(nul)[0]![0]!, { fields: nul });
  return fields;
}
