import type { HelpArticles } from './types';

export const articles: HelpArticles = [
  {
    slug: 'create-game',
    title: 'Een spel aanmaken',
    blocks: [
      { p: 'Een spel staat in een paar seconden klaar vanuit je dashboard.' },
      {
        steps: [
          'Open het tabblad Spellen van het dashboard en kies Een spel aanmaken.',
          'Kies een sjabloon: een kant-en-klaar sjabloon of een eigen sjabloon uit het tabblad Sjablonen.',
          'Geef het spel de naam van je klas zodat je het terugvindt, en kies dan Spel aanmaken.',
          'Open de instellingen als je het spel wilt aanpassen voordat iemand meedoet.',
        ],
      },
      {
        points: [
          'Een concept zie alleen jij.',
          'Om met meerdere teams tegelijk te spelen, maak je een sessie aan in het tabblad Sessies: elk team speelt zijn eigen spel.',
        ],
      },
    ],
  },
  {
    slug: 'run-session',
    title: 'Een sessie in de klas leiden',
    blocks: [
      {
        p: 'Een sessie verdeelt een hele klas in teams: elk team speelt zijn eigen spel en jij leidt de rondes.',
      },
      {
        steps: [
          'Maak de sessie aan in het tabblad Sessies en kies de teams.',
          'Toon de pagina van de sessie op de beamer: spelers doen mee met de code of de QR-code en kiezen dan hun team en rol, of een willekeurige vrije plaats.',
          'Kijk hoe de teams live vollopen; een plaats die niemand neemt, kan de computer spelen.',
          'Start elke ronde als de klas klaar is en volg elk team op de voortgangspagina.',
        ],
      },
      {
        points: [
          'Spelers hebben geen account en geen e-mail nodig: een naam is genoeg.',
          'De wachtruimte werkt zichzelf bij: niemand hoeft hem te herladen.',
        ],
      },
    ],
  },
  {
    slug: 'debrief',
    title: 'De nabespreking leiden',
    blocks: [
      {
        p: 'In de nabespreking leert de klas: de grafieken tonen wat er gebeurde, week na week en rol na rol.',
      },
      {
        steps: [
          'Aan het einde van het spel komen de spelers op de resultatenpagina, met de nabespreking.',
          'Toon de grafieken op de beamer: bestellingen, voorraad en kosten van elke rol.',
          'Vraag elke rol wat ze zagen en waarom ze zo bestelden, en vergelijk dat met wat de klanten echt kochten.',
          'In de instellingen van het spel kies je wat de nabespreking toont.',
        ],
      },
      {
        points: [
          'Laat de klas zelf ontdekken waarom de bestellingen van winkel tot fabriek aanzwellen voordat jij het benoemt.',
        ],
      },
    ],
  },
  {
    slug: 'cannot-join',
    title: 'Spelers die niet kunnen meedoen',
    blocks: [
      {
        p: 'De meeste problemen komen van de code, een vol spel of het netwerk. Wat de speler ziet, vertelt je welk.',
      },
      {
        points: [
          '"Geen spel heeft deze code": een code bestaat uit 6 letters en cijfers. Laat de speler elk teken vergelijken met de beamer, of laat de QR-code scannen.',
          '"Alle plaatsen zijn bezet": het spel is vol. Voeg een team toe aan de sessie of maak een ander spel aan voor de extra spelers.',
          '"De sessie gaat binnenkort open": de speler is binnen. Het spel opent vanzelf wanneer je de ronde start.',
          'De pagina meldt dat de verbinding verbroken is: een schoolnetwerk of een oude browser blokkeert de live-verbinding. De pagina probeert het zelf opnieuw; probeer intussen de mobiele data van de telefoon of een recente browser.',
          'Een concept of gearchiveerd spel opent alleen voor jou: controleer de status in het tabblad Spellen.',
        ],
      },
      {
        p: 'Spelers hebben nooit een account nodig: als een pagina vraagt om je te registreren, zitten ze niet op de pagina om mee te doen. Geef ze de link opnieuw.',
      },
    ],
  },
  {
    slug: 'projector',
    title: 'De beamer en het spelbord',
    blocks: [
      { p: 'De beamer houdt de hele klas bij de les.' },
      {
        points: [
          'Voor het spel: toon de code en de QR-code, vanaf de pagina van het spel of van de sessie.',
          'Tijdens het spel: Spelbord openen toont de keten live.',
          'Na het spel: toon de grafieken van de nabespreking vanaf de resultatenpagina.',
        ],
      },
      {
        p: 'Gebruik het volledige scherm van de browser (F11) en de zoom, zodat ook achter in het lokaal alles leesbaar is.',
      },
    ],
  },
];
