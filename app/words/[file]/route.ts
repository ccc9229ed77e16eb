import { wordFiles } from '@/lib/lazy-words';

export const dynamic = 'force-static';
export const dynamicParams = false;

/** One file per part and language (lib/lazy-words.ts). */
export function generateStaticParams() {
  return wordFiles().map(({ file }) => ({ file }));
}

export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  const found = wordFiles().find((candidate) => candidate.file === file);
  if (!found) return new Response('Not found', { status: 404 });
  return Response.json(found.words());
}
