import type { HelpArticles } from './types';

export const articles: HelpArticles = [
  {
    slug: 'create-game',
    title: 'Ein Spiel erstellen',
    blocks: [
      { p: 'Ein Spiel ist in wenigen Sekunden über dein Dashboard bereit.' },
      {
        steps: [
          'Öffne den Tab Spiele im Dashboard und wähle Spiel erstellen.',
          'Wähle eine Vorlage: eine fertige oder eine eigene aus dem Tab Vorlagen.',
          'Benenne das Spiel nach deiner Klasse, damit du es wiederfindest, und wähle dann Spiel erstellen.',
          'Öffne seine Einstellungen, wenn du das Spiel ändern willst, bevor jemand beitritt.',
        ],
      },
      {
        points: [
          'Einen Entwurf siehst nur du.',
          'Um mit mehreren Teams gleichzeitig zu spielen, erstelle eine Sitzung im Tab Sitzungen: Jedes Team spielt sein eigenes Spiel.',
        ],
      },
    ],
  },
  {
    slug: 'run-session',
    title: 'Eine Sitzung im Unterricht leiten',
    blocks: [
      {
        p: 'Eine Sitzung teilt eine ganze Klasse in Teams ein: Jedes Team spielt sein eigenes Spiel, und du leitest die Runden.',
      },
      {
        steps: [
          'Erstelle die Sitzung im Tab Sitzungen und wähle ihre Teams.',
          'Zeige die Seite der Sitzung am Beamer: Die Spielenden treten mit dem Code oder dem QR-Code bei und wählen dann Team und Rolle oder einen zufälligen freien Platz.',
          'Sieh zu, wie sich die Teams live füllen; einen Platz, den niemand nimmt, kann der Computer spielen.',
          'Starte jede Runde, wenn die Klasse bereit ist, und verfolge jedes Team auf der Verlaufsseite.',
        ],
      },
      {
        points: [
          'Spielende brauchen weder Konto noch E-Mail: Ein Name genügt.',
          'Der Warteraum aktualisiert sich von selbst: Niemand muss ihn neu laden.',
        ],
      },
    ],
  },
  {
    slug: 'debrief',
    title: 'Die Nachbesprechung leiten',
    blocks: [
      {
        p: 'In der Nachbesprechung lernt die Klasse: Ihre Diagramme zeigen, was geschah, Woche für Woche und Rolle für Rolle.',
      },
      {
        steps: [
          'Am Ende des Spiels landen die Spielenden auf der Ergebnisseite mit der Nachbesprechung.',
          'Zeige die Diagramme am Beamer: Bestellungen, Lagerbestand und Kosten jeder Rolle.',
          'Frage jede Rolle, was sie gesehen hat und warum sie so bestellt hat, und vergleiche dann mit dem, was die Kundschaft wirklich gekauft hat.',
          'In den Einstellungen des Spiels wählst du, was die Nachbesprechung zeigt.',
        ],
      },
      {
        points: [
          'Lass die Klasse selbst herausfinden, warum die Bestellungen vom Laden bis zur Fabrik anschwellen, bevor du es benennst.',
        ],
      },
    ],
  },
  {
    slug: 'cannot-join',
    title: 'Spielende, die nicht beitreten können',
    blocks: [
      {
        p: 'Die meisten Probleme kommen vom Code, einem vollen Spiel oder dem Netzwerk. Was die Person sieht, verrät dir, welches.',
      },
      {
        points: [
          '„Kein Spiel hat diesen Code“: Ein Code hat 6 Buchstaben und Ziffern. Lass jedes Zeichen mit dem Beamer vergleichen oder stattdessen den QR-Code scannen.',
          '„Alle Plätze sind besetzt“: Das Spiel ist voll. Füge der Sitzung ein Team hinzu oder erstelle ein weiteres Spiel für die zusätzlichen Spielenden.',
          '„Die Sitzung öffnet bald“: Die Person ist drin. Das Spiel öffnet sich von selbst, wenn du die Runde startest.',
          'Die Seite meldet, dass die Verbindung verloren ist: Ein Schulnetz oder ein alter Browser blockiert die Live-Verbindung. Die Seite versucht es von selbst erneut; probiere inzwischen die mobilen Daten des Telefons oder einen aktuellen Browser.',
          'Ein Entwurf oder ein archiviertes Spiel öffnet sich nur für dich: Prüfe seinen Status im Tab Spiele.',
        ],
      },
      {
        p: 'Spielende brauchen nie ein Konto: Wenn eine Seite sie zur Registrierung auffordert, sind sie nicht auf der Beitrittsseite. Gib ihnen den Link noch einmal.',
      },
    ],
  },
  {
    slug: 'projector',
    title: 'Der Beamer und das Spielbrett',
    blocks: [
      { p: 'Der Beamer hält die ganze Klasse auf derselben Seite.' },
      {
        points: [
          'Vor dem Spiel: Zeige den Code und seinen QR-Code, auf der Seite des Spiels oder der Sitzung.',
          'Während des Spiels: Spielbrett öffnen zeigt die Kette live.',
          'Nach dem Spiel: Zeige die Diagramme der Nachbesprechung auf der Ergebnisseite.',
        ],
      },
      {
        p: 'Nutze den Vollbildmodus des Browsers (F11) und seinen Zoom, damit man es auch hinten im Raum lesen kann.',
      },
    ],
  },
];
