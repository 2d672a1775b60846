import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';

/** A file sent with a request: multipart on REST, base64 text over POST /graphql. */
export interface UploadedFile {
  filename: string;
  mimetype: string | null;
  data: Buffer;
}

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

function fromBase64(text: string): UploadedFile {
  const data = Buffer.from(text.replace(/^data:[^;]+;base64,/, ''), 'base64');
  if (data.length === 0) throw new GraphQLError('Upload is empty or not base64');
  return { filename: 'upload', mimetype: null, data };
}

export const UploadScalar = new GraphQLScalarType<UploadedFile, never>({
  name: 'Upload',
  description:
    'A file: a multipart part on REST routes that take uploads, or base64 text (optionally a data: URL) in GraphQL.',
  parseValue(value) {
    if (typeof value === 'string') return fromBase64(value);
    if (value && typeof value === 'object' && Buffer.isBuffer((value as UploadedFile).data))
      return value as UploadedFile;
    throw new GraphQLError('Upload must be a file or base64 text');
  },
  parseLiteral(ast) {
    if (ast.kind === Kind.STRING) return fromBase64(ast.value);
    throw new GraphQLError('Upload must be base64 text');
  },
  serialize() {
    throw new GraphQLError('Upload is an input type only');
  },
});
