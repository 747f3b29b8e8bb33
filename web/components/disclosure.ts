import { useEffect, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useLocation } from 'react-router';

// A part of a page opened by a button — a cancel form, an edit form, a "really delete?" question —
// that also opens without JavaScript: the button is a link to the same page with `?<param>=<value>`,
// which opens the part on the server; with JavaScript the click opens it in place instead.
export interface Disclosure {
  open: boolean;
  setOpen: (open: boolean) => void;
  /** Props of the link that opens the part (shown as a button: role="button"). */
  openLink: DisclosureLink;
  /** Props of the link that closes it again. */
  closeLink: DisclosureLink;
}

export interface DisclosureLink {
  href: string;
  onClick: (event: MouseEvent) => void;
  onKeyDown: (event: KeyboardEvent) => void;
}

/** `closedBy`: the answer of the part's write — once it is there, the part closes (the address still opens it without JavaScript). */
export function useDisclosure(param: string, value: string, closedBy?: unknown): Disclosure {
  const location = useLocation();
  const [chosen, setOpen] = useState<boolean | null>(null);
  const byAddress = new URLSearchParams(location.search).get(param) === value;
  useEffect(() => {
    if (closedBy) setOpen(null);
  }, [closedBy]);
  const hrefWith = (on: boolean): string => {
    const search = new URLSearchParams(location.search);
    if (on) search.set(param, value);
    else search.delete(param);
    const query = search.toString();
    return `${location.pathname}${query ? `?${query}` : ''}`;
  };
  const linkTo = (on: boolean) => ({
    href: hrefWith(on),
    onClick: (event: MouseEvent) => { event.preventDefault(); setOpen(on); },
    // The links are shown as buttons (role="button"), and a button also answers the Space key
    // (a link only Enter); without preventDefault the Space would scroll the page.
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key !== ' ') return;
      event.preventDefault();
      setOpen(on);
    },
  });
  return { open: chosen ?? (byAddress && !closedBy), setOpen, openLink: linkTo(true), closeLink: linkTo(false) };
}
