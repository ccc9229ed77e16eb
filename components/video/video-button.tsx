'use client';

import { lazyModule } from '@/components/lazy/lazy-module';
import { useLazy } from '@/components/lazy/use-lazy';
import { useHydrated } from '@/components/ui/use-hydrated';
import { useLazyDialog } from '@/components/ui/use-lazy-dialog';
import type { VideoDialogProps } from './video-dialog';
import { Icon } from '@/components/ui/icon';

// Loaded on the first click: the page ships no dialog code and no player.
const videoDialog = lazyModule(() => import('./video-dialog'));

interface VideoButtonProps {
  label: string;
  video: Omit<VideoDialogProps, 'open' | 'onClose'>;
}

/** The hero's "watch video" button; opens the two-click video dialog. */
export function VideoButton({ label, video }: VideoButtonProps) {
  const hydrated = useHydrated();
  const { open, triggerRef, show, close } = useLazyDialog();
  const dialogCode = useLazy(videoDialog);
  const VideoDialog = dialogCode.loaded?.VideoDialog;

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        disabled={!hydrated}
        onClick={() => dialogCode.request(show)}
        className="inline-flex min-h-12 items-center gap-2 rounded-lg px-6 font-semibold text-white ring-1 ring-white/40 hover:bg-white/10"
      >
        <Icon name="play-circle" className="size-6" />
        {label}
      </button>
      {VideoDialog && <VideoDialog {...video} open={open} onClose={close} />}
    </>
  );
}
