import type { HelpArticles } from './types';

export const articles: HelpArticles = [
  {
    slug: 'create-game',
    title: 'Vytvoření hry',
    blocks: [
      { p: 'Hra je z vašeho přehledu připravená za pár sekund.' },
      {
        steps: [
          'Otevřete v přehledu kartu Hry a zvolte Vytvořit hru.',
          'Vyberte šablonu: připravenou, nebo některou vlastní z karty Šablony.',
          'Pojmenujte hru podle své třídy, abyste ji snadno našli, a pak zvolte Vytvořit hru.',
          'Otevřete její nastavení, pokud chcete hru změnit dřív, než se někdo připojí.',
        ],
      },
      {
        points: [
          'Koncept vidíte jen vy.',
          'Chcete-li hrát s několika týmy najednou, vytvořte relaci na kartě Relace: každý tým hraje svou vlastní hru.',
        ],
      },
    ],
  },
  {
    slug: 'run-session',
    title: 'Vedení relace ve třídě',
    blocks: [
      { p: 'Relace rozdělí celou třídu do týmů: každý tým hraje svou hru a vy řídíte kola.' },
      {
        steps: [
          'Vytvořte relaci na kartě Relace a zvolte její týmy.',
          'Promítněte stránku relace: hráči se připojí kódem nebo QR kódem a pak si vyberou tým a roli, nebo náhodné volné místo.',
          'Sledujte, jak se týmy živě zaplňují; místo, které nikdo nezabere, může hrát počítač.',
          'Spusťte každé kolo, až bude třída připravená, a sledujte každý tým na stránce průběhu.',
        ],
      },
      {
        points: [
          'Hráči nepotřebují účet ani e-mail: stačí jméno.',
          'Čekárna se aktualizuje sama: nikdo ji nemusí znovu načítat.',
        ],
      },
    ],
  },
  {
    slug: 'debrief',
    title: 'Vedení rozboru',
    blocks: [
      { p: 'Při rozboru se třída učí: grafy ukazují, co se stalo, týden po týdnu a roli po roli.' },
      {
        steps: [
          'Po skončení hry se hráči dostanou na stránku výsledků s rozborem.',
          'Promítněte grafy: objednávky, zásoby a náklady každé role.',
          'Zeptejte se každé role, co viděla a proč objednávala tak, jak objednávala, a pak to porovnejte s tím, co zákazníci skutečně koupili.',
          'V nastavení hry zvolíte, co rozbor ukazuje.',
        ],
      },
      {
        p: 'Nechte třídu, ať sama přijde na to, proč objednávky rostou od obchodu až k továrně, než to pojmenujete.',
      },
    ],
  },
  {
    slug: 'cannot-join',
    title: 'Hráči, kteří se nemohou připojit',
    blocks: [
      { p: 'Většina potíží pochází z kódu, plné hry nebo sítě. Co hráč vidí, vám napoví, o co jde.' },
      {
        points: [
          '„Žádná hra nemá tento kód“: kód má 6 písmen a číslic. Ať hráč porovná každý znak s projekcí, nebo ať raději naskenuje QR kód.',
          '„Všechna místa jsou obsazená“: hra je plná. Přidejte do relace tým, nebo vytvořte další hru pro hráče navíc.',
          '„Relace se brzy otevře“: hráč je připojený. Hra se otevře sama, až spustíte kolo.',
          'Stránka hlásí ztrátu spojení: školní síť nebo starý prohlížeč blokuje živé spojení. Stránka to sama zkouší znovu; mezitím zkuste mobilní data telefonu nebo novější prohlížeč.',
          'Koncept nebo archivovaná hra se otevře jen vám: zkontrolujte její stav na kartě Hry.',
        ],
      },
      {
        p: 'Hráči nikdy nepotřebují účet: pokud je stránka žádá o registraci, nejsou na stránce pro připojení. Dejte jim odkaz znovu.',
      },
    ],
  },
  {
    slug: 'projector',
    title: 'Projektor a herní plocha',
    blocks: [
      { p: 'Projektor drží celou třídu u stejné stránky.' },
      {
        points: [
          'Před hrou: promítněte kód a jeho QR kód ze stránky hry nebo relace.',
          'Během hry: Otevřít herní plochu ukazuje řetězec živě.',
          'Po hře: promítněte grafy rozboru ze stránky výsledků.',
        ],
      },
      { p: 'Použijte celou obrazovku prohlížeče (F11) a přiblížení, aby šlo číst i ze zadních lavic.' },
    ],
  },
];
