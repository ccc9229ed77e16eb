'use client';

import PlayCircleIcon from '@heroicons/react/24/outline/PlayCircleIcon';
import dynamic from 'next/dynamic';
import { useLazyDialog } from '@/components/ui/use-lazy-dialog';
import type { VideoDialogProps } from './video-dialog';

// Loaded on the first click: the page ships no dialog code and no player.
const VideoDialog = dynamic(() => import('./video-dialog').then((module) => module.VideoDialog), {
  ssr: false,
});

interface VideoButtonProps {
  label: string;
  video: Omit<VideoDialogProps, 'open' | 'onClose'>;
}

/** The hero's "watch video" button; opens the two-click video dialog. */
export function VideoButton({ label, video }: VideoButtonProps) {
  const { open, mounted, triggerRef, show, close } = useLazyDialog();

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        onClick={show}
        className="inline-flex min-h-12 items-center gap-2 rounded-lg px-6 font-semibold text-white ring-1 ring-white/40 hover:bg-white/10"
      >
        <PlayCircleIcon className="size-6" aria-hidden="true" />
        {label}
      </button>
      {mounted && <VideoDialog {...video} open={open} onClose={close} />}
    </>
  );
}
