'use client';

import PlayCircleIcon from '@heroicons/react/24/outline/PlayCircleIcon';
import dynamic from 'next/dynamic';
import { useEffect, useRef, useState } from 'react';
import type { VideoDialogProps } from './video-dialog';

// Loaded on the first click: the page ships no dialog code and no player.
const VideoDialog = dynamic(() => import('./video-dialog').then((module) => module.VideoDialog), { ssr: false });

interface VideoButtonProps {
  label: string;
  video: Omit<VideoDialogProps, 'open' | 'onClose'>;
}

/** The hero's "watch video" button; opens the two-click video dialog. */
export function VideoButton({ label, video }: VideoButtonProps) {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  // Give focus back to the button when the dialog closes. Headless UI would do it from a focus history
  // it keeps only once its code is loaded, and that happens after the first click on this button.
  useEffect(() => {
    if (wasOpen.current && !open) buttonRef.current?.focus();
    wasOpen.current = open;
  }, [open]);
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
        className="inline-flex min-h-12 items-center gap-2 rounded-lg px-6 font-semibold text-white ring-1 ring-white/40 hover:bg-white/10"
      >
        <PlayCircleIcon className="size-6" aria-hidden="true" />
        {label}
      </button>
      {requested && <VideoDialog {...video} open={open} onClose={() => setOpen(false)} />}
    </>
  );
}
