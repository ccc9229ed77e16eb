import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import '../globals.css';
import { RootDocument } from '@/components/layout/root-document';
import { rootMetadata } from '@/lib/seo';

export const metadata: Metadata = rootMetadata('de');
export const viewport: Viewport = { themeColor: '#1e3a8a' };

export default function GermanRootLayout({ children }: { children: ReactNode }) {
  return <RootDocument locale="de">{children}</RootDocument>;
}
