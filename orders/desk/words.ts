import type { VatCase } from '../../lib/checkout/vat';
import type { Locale } from '../../lib/i18n';
import type { EventKind, FinalStatus, OrderStatus } from '../store';

/**
 * The desk's own words, German and English. The desk is the sales team's tool, not the shop's copy: its words
 * live here, beside its code, and `tsc` names each one a new language lacks.
 */
export interface DeskWords {
  title: string;
  skip: string;
  /** The language's name in itself, for the link to the desk in it. */
  languageName: string;
  nav: string;
  signedInAs: string;
  signOut: string;
  signIn: {
    heading: string;
    name: string;
    password: string;
    button: string;
    wrong: string;
    locked: string;
    throttled: string;
    expired: string;
    signedOut: string;
    /** After a form posted without a session: what it would have changed is not saved. */
    unsaved: string;
    refused: string;
  };
  statuses: Record<OrderStatus, string>;
  mail: {
    sent: string;
    pending: string;
    failed: string;
    givenUp: string;
    none: string;
    spam: string;
    limit: string;
    /** Still to be sent, after this many failed attempts: a mail the server keeps refusing for now. */
    retrying: { one: string; other: string };
  };
  vatCases: Record<VatCase, string>;
  list: {
    heading: string;
    filter: string;
    status: string;
    all: string;
    from: string;
    to: string;
    industry: string;
    search: string;
    searchHint: string;
    spam: { label: string; hide: string; include: string; only: string };
    /** A filter's period that ends before it begins. */
    periodOrder: string;
    mailFailed: string;
    /** A note below the filter while spam is hidden: the number of orders held as spam, and a link to them. */
    spamHidden: { one: string; other: string; link: string };
    apply: string;
    reset: string;
    /** How many orders the filter matches, `{count}` as the language writes numbers. */
    count: { one: string; other: string };
    /** The list's caption: the count (`{orders}`), and that the newest come first. */
    caption: string;
    number: string;
    date: string;
    company: string;
    industries: string;
    net: string;
    mails: string;
    seller: string;
    buyer: string;
    spamTag: string;
    none: string;
    previous: string;
    next: string;
    /** The page shown (`{page}`) of how many there are (`{pages}`). */
    page: string;
    /** The name of the navigation between the list's pages. */
    pages: string;
    exportCsv: string;
    /** The downloaded files' names, before their dates. */
    files: { orders: string; accounts: string };
    accounts: string;
    accountsHint: string;
    accountsButton: string;
    /** The names of the accountant's CSV's columns, as the accountant's spreadsheet shows them; amounts in euros. */
    accountsColumns: {
      number: string;
      date: string;
      status: string;
      net: string;
      vatCase: string;
      vat: string;
      gross: string;
      country: string;
      vatId: string;
    };
  };
  order: {
    heading: string;
    back: string;
    /** From a page about one order (a refused form) back to it: `{number}` is its number. */
    backToOrder: string;
    buyer: string;
    erased: string;
    lines: string;
    item: string;
    area: string;
    exclusive: string;
    shared: string;
    quantity: string;
    unitPrice: string;
    lineTotal: string;
    totals: string;
    vatCase: string;
    quote: string;
    poNumber: string;
    created: string;
    /** The language the buyer ordered in, written out in the desk's language by the runtime. */
    language: string;
    mails: string;
    /** The head of the column naming each mail of the order. */
    mail: string;
    sellerMail: string;
    buyerMail: string;
    state: string;
    at: string;
    tries: string;
    answer: string;
    history: string;
    noHistory: string;
    actions: string;
    newStatus: string;
    save: string;
    final: string;
    /** Beside the status: the buyer gets no mail when it changes, and a slip can be undone. */
    statusHint: string;
    /** The choice of the status before the current one. */
    stepBack: string;
    note: string;
    addNote: string;
    resend: string;
    resendSeller: string;
    resendBuyer: string;
    /** Giving up a failed mail: the form's heading, what it means, and a button per mail. */
    giveUp: string;
    giveUpHint: string;
    giveUpSeller: string;
    giveUpBuyer: string;
    spam: string;
    spamBecause: Record<'honeypot' | 'tooFast' | 'staff', string>;
    markSpam: string;
    /** The order page's button, which leads to the step that asks. */
    markSpamButton: string;
    /** Beside "Mark as spam": only a new order can be, and what it means. */
    markSpamHint: string;
    /** The step that asks before an order is marked as spam: with `{number}`. */
    spamHeading: string;
    spamText: string;
    /** Where the status form was, on an order held as spam. */
    spamNoStatus: string;
    notSpam: string;
    /** What "not spam" sends (`{mails}`: the mails' names), or that it sends nothing. */
    notSpamHint: { one: string; other: string };
    /** The two mails as `notSpamHint` names them within its sentence. */
    notSpamMails: { seller: string; buyer: string };
    notSpamNothing: string;
    eraseButton: string;
    eraseHeading: string;
    eraseText: string;
    /** On the erasure's step of an order not yet completed or cancelled: cancel it first if it is not carried out. */
    eraseOpen: string;
    eraseConfirm: string;
    cancel: string;
    /** The step before a status nothing follows: what happens, and the button that does it. */
    finalStatus: Record<FinalStatus, { heading: string; text: string; confirm: string }>;
    /** The way back from that step, the status left as it is. */
    keepStatus: string;
    /** A note in the history whose text went with the buyer's details. */
    noteErased: string;
    /** Where the note form was, on an order whose buyer's details are erased. */
    noNotesAfterErasure: string;
    /** Under the note field: how long a note may be, and that it stays as written. */
    noteHint: string;
    /** An order held as spam whose buyer's details were erased: nothing to do, and when it goes. */
    spamErased: string;
  };
  events: Record<EventKind, string>;
  done: Record<'status' | 'note' | 'retry' | 'giveUp' | 'spam' | 'notSpam' | 'notSpamSent' | 'erase', string>;
  errors: {
    notFound: string;
    /** Any other address under the desk that is not one of its pages. */
    pageNotFound: string;
    status: string;
    note: string;
    /** A note sent to an order whose buyer's details were erased meanwhile. */
    noteAfterErasure: string;
    /** "Mark as spam" on an order someone has worked on (or whose buyer was erased) meanwhile. */
    spamWorked: string;
    /** On the order's page after signing in again: the change sent without a session was not saved. */
    unsaved: string;
    period: string;
    forbidden: string;
    generic: string;
    /** An action on an order that no longer fits it: someone changed the order since the page was shown. */
    changed: string;
    heading: string;
    /** The page's title after an error: `{text}` is the error. */
    titleError: string;
  };
}

export const deskWords: Record<Locale, DeskWords> = {
  de: {
    title: 'Bestellungen',
    skip: 'Zum Inhalt springen',
    languageName: 'Deutsch',
    nav: 'Desk',
    signedInAs: 'Angemeldet als {name}',
    signOut: 'Abmelden',
    signIn: {
      heading: 'Anmelden',
      name: 'Name',
      password: 'Passwort',
      button: 'Anmelden',
      wrong: 'Name oder Passwort stimmt nicht.',
      locked:
        'Zu viele Fehlversuche mit diesem Namen. Die Anmeldung mit diesem Namen ist für 15 Minuten gesperrt.',
      throttled:
        'Zu viele falsche Anmeldeversuche von Ihrem Anschluss. Bitte versuchen Sie es in 15 Minuten noch einmal.',
      expired: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
      signedOut: 'Sie sind abgemeldet.',
      unsaved:
        'Ihre Änderung wurde nicht gespeichert. Bitte nehmen Sie sie nach der Anmeldung noch einmal vor.',
      refused:
        'Das Formular war abgelaufen; es wurde nichts gespeichert. Bitte versuchen Sie es noch einmal.',
    },
    statuses: {
      new: 'neu',
      confirmed: 'bestätigt',
      inDelivery: 'in Lieferung',
      completed: 'abgeschlossen',
      cancelled: 'storniert',
    },
    mail: {
      sent: 'gesendet',
      pending: 'in der Warteschlange',
      failed: 'fehlgeschlagen',
      givenUp: 'verworfen',
      none: 'keine',
      spam: 'keine (Spam)',
      limit: 'übersprungen: schon 3 Eingangsbestätigungen an diese Adresse in 24 Stunden',
      retrying: {
        one: 'in der Warteschlange, {count} Fehlversuch',
        other: 'in der Warteschlange, {count} Fehlversuche',
      },
    },
    vatCases: {
      domestic: 'Inland, deutsche Umsatzsteuer',
      reverseCharge: 'EU mit USt-IdNr., Reverse-Charge',
      euWithoutVatId: 'EU ohne USt-IdNr., deutsche Umsatzsteuer',
      nonEu: 'Drittland, nicht im Inland steuerbar',
    },
    list: {
      heading: 'Bestellungen',
      filter: 'Filter',
      status: 'Status',
      all: 'alle',
      from: 'Von',
      to: 'Bis',
      industry: 'Branche',
      search: 'Suche',
      searchHint: 'Auftragsnummer (LW-…), Firma, E-Mail-Adresse oder Bestellnummer des Kunden',
      spam: { label: 'Spam', hide: 'ausblenden', include: 'anzeigen', only: 'nur Spam' },
      periodOrder:
        '„Von“ liegt nach „Bis“. Bitte wählen Sie einen Zeitraum, der nicht vor seinem Beginn endet.',
      mailFailed: 'Nur Bestellungen mit fehlgeschlagener E-Mail',
      spamHidden: {
        one: 'Eine Bestellung gilt als Spam und ist ausgeblendet.',
        other: '{count} Bestellungen gelten als Spam und sind ausgeblendet.',
        link: 'Spam anzeigen',
      },
      apply: 'Filtern',
      reset: 'Filter zurücksetzen',
      count: { one: '{count} Bestellung', other: '{count} Bestellungen' },
      caption: '{orders}, neueste zuerst',
      number: 'Nummer',
      date: 'Datum',
      company: 'Firma',
      industries: 'Branchen',
      net: 'Netto',
      mails: 'E-Mails',
      seller: 'Vertrieb',
      buyer: 'Eingangsbestätigung',
      spamTag: 'Spam',
      none: 'Keine Bestellungen für diesen Filter.',
      previous: 'Neuere',
      next: 'Ältere',
      page: 'Seite {page} von {pages}',
      pages: 'Seiten der Liste',
      exportCsv: 'Diese Auswahl als CSV exportieren',
      files: { orders: 'bestellungen', accounts: 'buchhaltung' },
      accounts: 'Export für die Buchhaltung',
      accountsHint:
        'Netto, Umsatzsteuerfall, Umsatzsteuer und Brutto in Euro je Bestellung im Zeitraum, jeweils mit Status. Stornierte Bestellungen und Spam sind nicht enthalten, weil sie keinen Umsatz bringen.',
      accountsButton: 'Buchhaltungs-CSV herunterladen',
      accountsColumns: {
        number: 'Auftragsnummer',
        date: 'Bestelldatum',
        status: 'Status',
        net: 'Netto (EUR)',
        vatCase: 'Umsatzsteuerfall',
        vat: 'Umsatzsteuer (EUR)',
        gross: 'Brutto (EUR)',
        country: 'Land (ISO-Code)',
        vatId: 'USt-IdNr.',
      },
    },
    order: {
      heading: 'Bestellung {number}',
      back: 'Zurück zur Liste',
      backToOrder: 'Zurück zur Bestellung {number}',
      buyer: 'Kunde und Rechnungsanschrift',
      erased: 'Die Kundendaten sind gelöscht.',
      lines: 'Positionen',
      item: 'Branche',
      area: 'Liefergebiet',
      exclusive: 'exklusiv',
      shared: 'nicht exklusiv',
      quantity: 'Menge',
      unitPrice: 'Preis pro Lead (netto)',
      lineTotal: 'Summe (netto)',
      totals: 'Summen',
      vatCase: 'Umsatzsteuerfall',
      quote: 'Angebotsnummer',
      poNumber: 'Bestellnummer des Kunden',
      created: 'Eingegangen',
      language: 'Sprache der Bestellung',
      mails: 'E-Mails',
      mail: 'E-Mail',
      sellerMail: 'Bestellung an den Vertrieb',
      buyerMail: 'Eingangsbestätigung an den Kunden',
      state: 'Status',
      at: 'Zeit',
      tries: 'Fehlversuche',
      answer: 'Letzte Antwort des Mailservers',
      history: 'Verlauf',
      noHistory: 'Noch keine Einträge.',
      actions: 'Bearbeiten',
      newStatus: 'Neuer Status',
      save: 'Status speichern',
      final: 'Der Status ist endgültig.',
      statusHint:
        'Ein Statuswechsel sendet dem Kunden keine E-Mail. Senden Sie ihm die Auftragsbestätigung selbst, wenn Sie eine neue Bestellung bestätigen, und geben Sie ihm Bescheid, wenn die Lieferung beginnt. Ein Versehen machen Sie mit „zurück auf …“ rückgängig; „abgeschlossen“ und „storniert“ sind endgültig.',
      stepBack: 'zurück auf „{status}“',
      note: 'Notiz',
      addNote: 'Notiz hinzufügen',
      resend: 'Fehlgeschlagene oder verworfene E-Mail erneut senden',
      resendSeller: 'Bestellung an den Vertrieb erneut senden',
      resendBuyer: 'Eingangsbestätigung erneut senden',
      giveUp: 'Fehlgeschlagene E-Mail verwerfen',
      giveUpHint:
        'Für eine E-Mail, die nicht mehr gesendet werden soll, etwa an eine falsch eingegebene Adresse. Sie zählt danach nicht mehr als fehlgeschlagen, bleibt hier und im CSV-Export der Liste aber sichtbar und lässt sich weiterhin erneut senden.',
      giveUpSeller: 'E-Mail an den Vertrieb verwerfen',
      giveUpBuyer: 'Eingangsbestätigung verwerfen',
      spam: 'Spam',
      spamBecause: {
        honeypot: 'Ein für Menschen unsichtbares Formularfeld war ausgefüllt, wie es Spam-Programme tun.',
        tooFast: 'Schneller abgeschickt, als ein Mensch tippt.',
        staff: 'Von Hand markiert.',
      },
      markSpam: 'Als Spam markieren',
      markSpamButton: 'Als Spam markieren …',
      spamHeading: 'Bestellung {number} als Spam markieren?',
      spamText:
        'Die Bestellung wird in der Liste ausgeblendet, ihre ausstehenden E-Mails werden nicht gesendet, und sie fällt aus dem Export für die Buchhaltung. Nach 30 Tagen wird sie gelöscht, sofern nicht vorher jemand „Kein Spam“ wählt; bis dahin finden Sie sie in der Liste über „Spam anzeigen“.',
      markSpamHint:
        'Eine Bestellung lässt sich als Spam markieren, solange sie neu ist und ihr Status nie geändert wurde. Sie wird dann in der Liste ausgeblendet, ihre ausstehenden E-Mails werden nicht gesendet, sie fällt aus dem Export für die Buchhaltung und wird nach 30 Tagen gelöscht, sofern nicht vorher jemand „Kein Spam“ wählt.',
      spamNoStatus:
        'Den Status einer Bestellung, die als Spam gilt, können Sie erst nach „Kein Spam“ ändern.',
      notSpam: 'Kein Spam',
      notSpamHint: { one: 'Dabei wird {mails} gesendet.', other: 'Dabei werden {mails} gesendet.' },
      notSpamMails: {
        seller: 'die Bestellung an den Vertrieb',
        buyer: 'die Eingangsbestätigung an den Kunden',
      },
      notSpamNothing:
        'Dabei wird keine E-Mail gesendet: Die E-Mails zu dieser Bestellung waren schon gesendet oder fehlgeschlagen, bevor die Bestellung als Spam markiert wurde.',
      eraseButton: 'Kundendaten löschen …',
      eraseHeading: 'Kundendaten der Bestellung {number} löschen?',
      eraseText:
        'Firma, Ansprechpartner, Anschrift, E-Mail-Adressen, Telefon, die Bestellnummer des Kunden und der Text der Notizen werden endgültig gelöscht; E-Mails zu dieser Bestellung, die noch nicht gesendet wurden, werden nicht mehr gesendet. Nummer, Datum, Positionen und Summen bleiben für die Buchhaltung erhalten, ebenso das Land und, bei Leistungen an ein Unternehmen in einem anderen EU-Land, die USt-IdNr. für die Zusammenfassende Meldung. Danach lassen sich keine Notizen mehr hinzufügen. Bereits gesendete E-Mails zu dieser Bestellung und Ihre Antworten darauf löschen Sie bitte selbst im Postfach des Vertriebs. Rechnungen und Buchungen in der Buchhaltung bleiben, wie sie sind: Für sie gelten eigene Aufbewahrungsfristen. Das Löschen lässt sich nicht rückgängig machen.',
      eraseOpen:
        'Die Bestellung ist noch „{status}“. Wird sie nicht ausgeführt, stornieren Sie sie vorher: Sonst bleibt sie nach dem Löschen offen und zählt im Export für die Buchhaltung als Umsatz.',
      eraseConfirm: 'Endgültig löschen',
      cancel: 'Abbrechen',
      finalStatus: {
        completed: {
          heading: 'Bestellung {number} abschließen?',
          text: 'Die Bestellung wird endgültig abgeschlossen; ihr Status lässt sich danach nicht mehr ändern.',
          confirm: 'Endgültig abschließen',
        },
        cancelled: {
          heading: 'Bestellung {number} stornieren?',
          text: 'Die Bestellung wird endgültig storniert; ihr Status lässt sich danach nicht mehr ändern. Der Kunde erhält darüber keine E-Mail: Bitte geben Sie ihm selbst Bescheid.',
          confirm: 'Endgültig stornieren',
        },
      },
      keepStatus: 'Zurück, ohne den Status zu ändern',
      noteErased: 'Notiz (Text gelöscht)',
      noteHint: 'Höchstens 2.000 Zeichen. Eine Notiz lässt sich danach nicht mehr ändern oder löschen.',
      spamErased:
        'Diese Bestellung gilt als Spam, und die Kundendaten sind gelöscht: Hier ist nichts mehr zu tun. Sie wird 30 Tage nach der Spam-Markierung automatisch gelöscht.',
      noNotesAfterErasure:
        'Zu dieser Bestellung lassen sich keine Notizen mehr hinzufügen, weil die Kundendaten gelöscht sind.',
    },
    events: {
      status: 'Status: {detail}',
      note: 'Notiz: {detail}',
      retry: 'Erneut zum Senden eingereiht: {detail}',
      giveUp: 'E-Mail verworfen: {detail}',
      spam: 'Als Spam markiert',
      notSpam: 'Spam-Markierung aufgehoben',
      erase: 'Kundendaten gelöscht',
    },
    done: {
      status: 'Der Status ist jetzt „{status}“.',
      note: 'Die Notiz ist gespeichert.',
      retry:
        'Die E-Mail ist wieder in der Warteschlange. Ob sie gesendet wurde, steht unten unter „E-Mails“.',
      giveUp: 'Die E-Mail ist verworfen und zählt nicht mehr als fehlgeschlagen.',
      spam: 'Die Bestellung ist als Spam markiert.',
      notSpam: 'Die Bestellung ist kein Spam mehr; ihre E-Mails werden gesendet.',
      notSpamSent:
        'Die Bestellung ist kein Spam mehr. Die E-Mails zu dieser Bestellung waren schon vor der Markierung gesendet oder fehlgeschlagen; es wird keine weitere gesendet.',
      erase:
        'Die Kundendaten sind gelöscht. Bitte löschen Sie jetzt auch die E-Mails zu dieser Bestellung im Postfach des Vertriebs.',
    },
    errors: {
      heading: 'Das hat nicht geklappt',
      notFound: 'Diese Bestellung gibt es nicht.',
      pageNotFound: 'Diese Seite gibt es im Desk nicht.',
      status: 'Dieser Statuswechsel ist nicht möglich.',
      note: 'Bitte schreiben Sie eine Notiz (höchstens 2.000 Zeichen).',
      noteAfterErasure:
        'Die Notiz wurde nicht gespeichert: Die Kundendaten dieser Bestellung wurden inzwischen gelöscht, und eine Notiz könnte sie wieder enthalten.',
      spamWorked:
        'Die Bestellung wurde nicht als Spam markiert: Das geht nur bei einer neuen Bestellung, die noch niemand bearbeitet hat. Diese wurde inzwischen bearbeitet und muss als Geschäftsunterlage aufbewahrt werden.',
      unsaved:
        'Ihre letzte Änderung wurde nicht gespeichert, weil Sie nicht mehr angemeldet waren. Bitte nehmen Sie sie noch einmal vor.',
      period: 'Bitte geben Sie bei „Von“ und „Bis“ je ein Datum ein; „Von“ darf nicht nach „Bis“ liegen.',
      forbidden:
        'Diese Anfrage kam nicht aus dem Desk selbst und wurde abgelehnt. Bitte öffnen Sie den Desk neu und versuchen Sie es dort noch einmal.',
      generic:
        'Ihre Anfrage konnte gerade nicht ausgeführt werden. Bitte versuchen Sie es in einigen Sekunden noch einmal; ob eine Änderung an einer Bestellung schon gespeichert wurde, zeigt ihr Verlauf.',
      changed:
        'Ihre Änderung wurde nicht gespeichert: Die Bestellung wurde inzwischen geändert, etwa von einer Kollegin oder einem Kollegen. Unten sehen Sie ihren aktuellen Stand; wiederholen Sie die Änderung, falls sie noch nötig ist.',
      titleError: 'Fehler: {text}',
    },
  },
  en: {
    title: 'Orders',
    skip: 'Skip to content',
    languageName: 'English',
    nav: 'Desk',
    signedInAs: 'Signed in as {name}',
    signOut: 'Sign out',
    signIn: {
      heading: 'Sign in',
      name: 'Name',
      password: 'Password',
      button: 'Sign in',
      wrong: 'Incorrect name or password.',
      locked: 'Too many failed attempts with this name. Signing in with this name is locked for 15 minutes.',
      throttled: 'Too many failed sign-in attempts from your connection. Please try again in 15 minutes.',
      expired: 'Your session has expired. Please sign in again.',
      signedOut: 'You are signed out.',
      unsaved: 'Your change was not saved. Please make it again once you are signed in.',
      refused: 'The form was out of date, and nothing was saved. Please try again.',
    },
    statuses: {
      new: 'new',
      confirmed: 'confirmed',
      inDelivery: 'in delivery',
      completed: 'completed',
      cancelled: 'canceled',
    },
    mail: {
      sent: 'sent',
      pending: 'pending',
      failed: 'failed',
      givenUp: 'dismissed',
      none: 'none',
      spam: 'none (spam)',
      limit: 'skipped: this address already had 3 acknowledgments in 24 hours',
      retrying: { one: 'pending, {count} failed attempt', other: 'pending, {count} failed attempts' },
    },
    vatCases: {
      domestic: 'Germany, German VAT',
      reverseCharge: 'EU with VAT ID, reverse charge',
      euWithoutVatId: 'EU without VAT ID, German VAT',
      nonEu: 'Outside the EU, not taxable in Germany',
    },
    list: {
      heading: 'Orders',
      filter: 'Filter',
      status: 'Status',
      all: 'all',
      from: 'From',
      to: 'To',
      industry: 'Industry',
      search: 'Search',
      searchHint: 'Order number (LW-…), company, email address or buyer’s PO number',
      spam: { label: 'Spam', hide: 'hidden', include: 'shown with the rest', only: 'spam only' },
      periodOrder: '“From” is later than “To”. Please choose a period that does not end before it begins.',
      mailFailed: 'Only orders with a failed email',
      spamHidden: {
        one: 'One order is marked as spam and hidden.',
        other: '{count} orders are marked as spam and hidden.',
        link: 'Show spam',
      },
      apply: 'Filter',
      reset: 'Reset filters',
      count: { one: '{count} order', other: '{count} orders' },
      caption: '{orders}, newest first',
      number: 'Number',
      date: 'Date',
      company: 'Company',
      industries: 'Industries',
      net: 'Net',
      mails: 'Emails',
      seller: 'Sales',
      buyer: 'Acknowledgment',
      spamTag: 'Spam',
      none: 'No orders match this filter.',
      previous: 'Newer',
      next: 'Older',
      page: 'Page {page} of {pages}',
      pages: 'Pages of the list',
      exportCsv: 'Export this selection as CSV',
      files: { orders: 'orders', accounts: 'accounts' },
      accounts: 'Export for the accountant',
      accountsHint:
        'Net, VAT case, VAT and gross in euros per order in the period, each with its status. Canceled orders and spam are left out, as they never become revenue.',
      accountsButton: 'Download accounting CSV',
      accountsColumns: {
        number: 'Order number',
        date: 'Order date',
        status: 'Status',
        net: 'Net (EUR)',
        vatCase: 'VAT case',
        vat: 'VAT (EUR)',
        gross: 'Gross (EUR)',
        country: 'Country (ISO code)',
        vatId: 'VAT ID',
      },
    },
    order: {
      heading: 'Order {number}',
      back: 'Back to list',
      backToOrder: 'Back to order {number}',
      buyer: 'Buyer and billing address',
      erased: 'The buyer’s details are erased.',
      lines: 'Items',
      item: 'Industry',
      area: 'Delivery area',
      exclusive: 'exclusive',
      shared: 'non-exclusive',
      quantity: 'Quantity',
      unitPrice: 'Price per lead (net)',
      lineTotal: 'Line total (net)',
      totals: 'Totals',
      vatCase: 'VAT case',
      quote: 'Quote number',
      poNumber: 'Buyer’s PO number',
      created: 'Received',
      language: 'Language of the order',
      mails: 'Emails',
      mail: 'Email',
      sellerMail: 'Order to the sales team',
      buyerMail: 'Acknowledgment to the buyer',
      state: 'Status',
      at: 'Time',
      tries: 'Failed attempts',
      answer: 'Last server response',
      history: 'History',
      noHistory: 'No entries yet.',
      actions: 'Actions',
      newStatus: 'New status',
      save: 'Save status',
      final: 'The status is final.',
      statusHint:
        'A status change sends the buyer no email. Send them the order confirmation yourself when you confirm a new order, and let them know when delivery begins. A slip can be undone with “back to …”; “completed” and “canceled” are final.',
      stepBack: 'back to “{status}”',
      note: 'Note',
      addNote: 'Add note',
      resend: 'Send a failed or dismissed email again',
      resendSeller: 'Send the order to the sales team again',
      resendBuyer: 'Send the acknowledgment again',
      giveUp: 'Dismiss a failed email',
      giveUpHint:
        'For an email that should not be sent anymore, such as one to a mistyped address. It then no longer counts as failed, but stays visible here and in the list’s CSV export, and can still be sent again.',
      giveUpSeller: 'Dismiss the order email to the sales team',
      giveUpBuyer: 'Dismiss the acknowledgment email',
      spam: 'Spam',
      spamBecause: {
        honeypot: 'A form field hidden from people was filled in, as spam programs do.',
        tooFast: 'Sent faster than a person types.',
        staff: 'Marked manually.',
      },
      markSpam: 'Mark as spam',
      markSpamButton: 'Mark as spam…',
      spamHeading: 'Mark order {number} as spam?',
      spamText:
        'The order is hidden from the list, its unsent emails do not go out, and it leaves the accountant’s export. It is deleted after 30 days unless someone chooses “Not spam” before then; until then, you can find it in the list with “Show spam”.',
      markSpamHint:
        'An order can be marked as spam while it is new and its status has never changed. It is then hidden from the list, its unsent emails do not go out, it leaves the accountant’s export, and it is deleted after 30 days unless someone chooses “Not spam” before then.',
      spamNoStatus: 'The status of an order marked as spam can be changed only after “Not spam”.',
      notSpam: 'Not spam',
      notSpamHint: { one: 'This sends {mails}.', other: 'This sends {mails}.' },
      notSpamMails: { seller: 'the order to the sales team', buyer: 'the acknowledgment to the buyer' },
      notSpamNothing:
        'This sends no email: the emails about this order had been sent, or had failed, before the order was marked as spam.',
      eraseButton: 'Erase the buyer’s details…',
      eraseHeading: 'Erase the buyer’s details for order {number}?',
      eraseText:
        'The company, contact, address, email addresses, phone, the buyer’s PO number and the text of the notes are permanently erased; emails about this order that have not been sent yet will not be sent. The number, date, items and totals are kept for accounting, and so are the country and, for supplies to a business in another EU country, the VAT ID needed for the EU sales list. No notes can be added afterwards. Please delete the emails already sent about this order, and your replies to them, in the sales mailbox yourself. Invoices and bookkeeping entries stay as they are: they have retention periods of their own. The erasure cannot be undone.',
      eraseOpen:
        'The order is still “{status}”. If it will not be carried out, cancel it first: otherwise it stays open after the erasure and counts as revenue in the accountant’s export.',
      eraseConfirm: 'Erase for good',
      cancel: 'Cancel',
      finalStatus: {
        completed: {
          heading: 'Complete order {number}?',
          text: 'This completes the order for good: its status cannot be changed afterwards.',
          confirm: 'Complete the order for good',
        },
        cancelled: {
          heading: 'Cancel order {number}?',
          text: 'This cancels the order for good: its status cannot be changed afterwards. The buyer gets no email about it: please let them know yourself.',
          confirm: 'Cancel the order for good',
        },
      },
      keepStatus: 'Go back without changing the status',
      noteErased: 'Note (text erased)',
      noteHint: 'At most 2,000 characters. A note cannot be changed or deleted afterwards.',
      spamErased:
        'This order is marked as spam and the buyer’s details are erased: there is nothing left to do. It is deleted automatically 30 days after it was marked as spam.',
      noNotesAfterErasure:
        'No more notes can be added to this order because the buyer’s details have been erased.',
    },
    events: {
      status: 'Status: {detail}',
      note: 'Note: {detail}',
      retry: 'Queued to be sent again: {detail}',
      giveUp: 'Email dismissed: {detail}',
      spam: 'Marked as spam',
      notSpam: 'Marked as not spam',
      erase: 'Buyer’s details erased',
    },
    done: {
      status: 'The status is now “{status}”.',
      note: 'The note is saved.',
      retry: 'The email is queued again. Whether it went out shows below under “Emails”.',
      giveUp: 'The email has been dismissed and no longer counts as failed.',
      spam: 'The order is marked as spam.',
      notSpam: 'The order is no longer spam; its emails go out.',
      notSpamSent:
        'The order is no longer spam. Its emails had been sent, or had failed, before it was marked; no further email goes out.',
      erase:
        'The buyer’s details are erased. Please now delete the emails about this order in the sales mailbox as well.',
    },
    errors: {
      heading: 'Something went wrong',
      notFound: 'There is no such order.',
      pageNotFound: 'There is no such page in the desk.',
      status: 'This change of status is not possible.',
      note: 'Please write a note (at most 2,000 characters).',
      noteAfterErasure:
        'The note was not saved: this order’s buyer details have been erased in the meantime, and a note could bring them back.',
      spamWorked:
        'The order was not marked as spam: only a new order nobody has worked on can be marked as spam. This one has been worked on in the meantime and must be kept as a business record.',
      unsaved: 'Your last change was not saved, because you were no longer signed in. Please make it again.',
      period: 'Please enter a date in both “From” and “To”; “From” must not be later than “To”.',
      forbidden:
        'This request did not come from the desk itself and was refused. Please open the desk again and try there.',
      generic:
        'Your request could not be carried out just now. Please try again in a few seconds; an order’s history shows whether a change to it has already been saved.',
      changed:
        'Your change was not saved: the order has changed in the meantime, perhaps by a colleague. Below is where it stands now; make the change again if it is still needed.',
      titleError: 'Error: {text}',
    },
  },
};
