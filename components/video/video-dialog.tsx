'use client';

import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useEffect, useRef, useState } from 'react';
import { Icon } from '@/components/ui/icon';
import { useOpenOnceDrawn } from '@/components/ui/use-lazy-dialog';

export interface VideoDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  close: string;
  consent: string;
  load: string;
  youtubeId: string;
}

/**
 * The video in a dialog, GDPR two-click style: the YouTube player is mounted
 * only after the visitor agrees, and unmounted when the dialog closes.
 * CSS keeps it 16:9 and inside the window at any size, so no resize handler is needed.
 */
export function VideoDialog({ open, onClose, title, close, consent, load, youtubeId }: VideoDialogProps) {
  const shown = useOpenOnceDrawn(open);
  const [consented, setConsented] = useState(false);
  // The button that loads the player goes away with it. Focus moves to the dialog's first control, right before
  // the player, and not into the player, whose own document would take Escape away from the dialog.
  const closeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (consented) closeButton.current?.focus();
  }, [consented]);
  const handleClose = () => {
    setConsented(false);
    onClose();
  };

  return (
    <Dialog open={shown} onClose={handleClose} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-950/80" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-[min(64rem,calc((100dvh-8rem)*16/9))] rounded-2xl bg-slate-900 p-3 shadow-2xl sm:p-4">
          <div className="mb-3 flex items-center justify-between gap-4">
            <DialogTitle className="text-base font-semibold text-white">{title}</DialogTitle>
            <button
              ref={closeButton}
              type="button"
              onClick={handleClose}
              className="inline-flex size-11 items-center justify-center rounded-full text-slate-200 hover:bg-white/10"
            >
              <Icon name="x-mark" className="size-6" />
              <span className="sr-only">{close}</span>
            </button>
          </div>
          <div className="aspect-video w-full overflow-hidden rounded-lg bg-black" data-testid="video-frame">
            {consented ? (
              <iframe
                className="size-full"
                src={`https://www.youtube-nocookie.com/embed/${youtubeId}?autoplay=1&rel=0`}
                title={title}
                allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
                referrerPolicy="strict-origin-when-cross-origin"
              />
            ) : (
              <div className="flex size-full flex-col items-center justify-center gap-4 overflow-y-auto p-4 text-center sm:p-8">
                <p className="max-w-xl text-sm leading-6 text-slate-200">{consent}</p>
                <button
                  type="button"
                  onClick={() => setConsented(true)}
                  className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-white px-5 font-semibold text-slate-900 hover:bg-slate-100"
                >
                  <Icon name="play" className="size-5" />
                  {load}
                </button>
              </div>
            )}
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
