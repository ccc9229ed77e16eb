'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchWords } from '@/components/lazy/fetch-words';
import { lazyModule, warmUp, type LazyModule } from '@/components/lazy/lazy-module';
import { useLazy } from '@/components/lazy/use-lazy';
import type { OrderFormOptions, OrderFormWords } from './order-form-controller';

/** The toast library arrives with the first order; pages where nobody orders never load it. */
const orderToast = lazyModule(() => import('./order-toast'));
/** The form's code: the cart, the area's rules, and what connects them to the pre-rendered form. */
const controller = lazyModule(() => import('./order-form-controller'));
// Asked for while the page's first scripts hydrate it, rather than after: the submit button is enabled one round
// trip sooner. The load below asks again after a failed warm-up and reports what it finds.
warmUp(controller);
/**
 * The form's code and the words it uses (their file is preloaded by the page, `OrderForm`): they load after the
 * page's first scripts. One load per file of words, which is one per language.
 */
const formCodes = new Map<
  string,
  LazyModule<{ code: typeof import('./order-form-controller'); words: OrderFormWords }>
>();
function formCodeFor(wordsUrl: string) {
  let formCode = formCodes.get(wordsUrl);
  if (!formCode) {
    formCode = lazyModule(async () => {
      const [code, words] = await Promise.all([
        controller.load({ again: true }),
        fetchWords<OrderFormWords>(wordsUrl),
      ]);
      return { code, words };
    });
    formCodes.set(wordsUrl, formCode);
  }
  return formCode;
}

export type OrderFormCodeProps = Omit<OrderFormOptions, 'onOrdered' | keyof OrderFormWords> & {
  /** Where the words of the form's code are (lib/lazy-words.ts). */
  words: string;
};

/**
 * The order form's live parts: it loads the form's code and hands it the
 * form it sits in, and it holds the polite live region and the toasts that
 * confirm an order. If the code cannot load, the page says so and offers to
 * try again; the form keeps what was typed.
 */
export function OrderFormCode(props: OrderFormCodeProps) {
  const liveRegion = useRef<HTMLParagraphElement>(null);
  const [announcement, setAnnouncement] = useState('');
  // The order never waits for the toast: the cart, the badge and the live region work without it.
  const toastCode = useLazy(orderToast, { what: 'confirmation' });
  const { request: requestToast } = toastCode;
  const Toaster = toastCode.loaded?.OrderToaster;
  const formCode = useLazy(formCodeFor(props.words));
  const { request: requestFormCode } = formCode;
  const code = formCode.loaded;

  useEffect(() => requestFormCode(), [requestFormCode]);
  // After a failed load, the next field the visitor enters asks again (as the message's button does).
  useEffect(() => {
    const form = liveRegion.current?.closest('form');
    if (code || !form) return;
    const retry = () => requestFormCode();
    form.addEventListener('focusin', retry);
    return () => form.removeEventListener('focusin', retry);
  }, [code, requestFormCode]);

  const onOrdered = useCallback(
    (title: string, description: string) => {
      requestToast(({ showOrderToast }) => showOrderToast(title, description));
      const message = `${title} ${description}`;
      setAnnouncement((previous) => (previous === message ? `${message}\u00a0` : message));
    },
    [requestToast],
  );

  useEffect(() => {
    const form = liveRegion.current?.closest('form');
    if (!code || !form) return;
    return code.code.connectOrderForm(form, { ...props, ...code.words, onOrdered });
    // The props come from the server and keep their identity while the page is open.
  }, [code, props, onOrdered]);

  return (
    <>
      <p ref={liveRegion} role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {Toaster && <Toaster />}
    </>
  );
}
