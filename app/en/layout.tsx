import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import '../globals.css';
import { RootDocument } from '@/components/layout/root-document';
import { rootMetadata } from '@/lib/seo';

export const metadata: Metadata = rootMetadata('en');
export const viewport: Viewport = { themeColor: '#1e3a8a' };

export default function EnglishRootLayout({ children }: { children: ReactNode }) {
  return <RootDocument locale="en">{children}</RootDocument>;
}
