import type { HelpArticles } from './types';

export const articles: HelpArticles = [
  {
    slug: 'create-game',
    title: 'Crearea unui joc',
    blocks: [
      { p: 'Un joc este gata în câteva secunde din panoul tău.' },
      {
        steps: [
          'Deschide fila Jocuri din panou și alege Creează un joc.',
          'Alege un șablon: unul gata făcut sau unul de-al tău din fila Șabloane.',
          'Dă jocului numele clasei tale ca să-l găsești ușor, apoi alege Creează jocul.',
          'Deschide setările dacă vrei să schimbi jocul înainte să intre cineva.',
        ],
      },
      {
        points: [
          'O ciornă o vezi doar tu.',
          'Ca să joci cu mai multe echipe deodată, creează o sesiune din fila Sesiuni: fiecare echipă își joacă propriul joc.',
        ],
      },
    ],
  },
  {
    slug: 'run-session',
    title: 'Conducerea unei sesiuni la clasă',
    blocks: [
      {
        p: 'O sesiune împarte toată clasa în echipe: fiecare echipă își joacă propriul joc, iar tu conduci rundele.',
      },
      {
        steps: [
          'Creează sesiunea din fila Sesiuni și alege-i echipele.',
          'Arată pagina sesiunii pe proiector: jucătorii intră cu codul sau cu codul QR, apoi își aleg echipa și rolul ori un loc liber la întâmplare.',
          'Urmărește cum se umplu echipele în direct; un loc pe care nu-l ia nimeni poate fi jucat de calculator.',
          'Pornește fiecare rundă când clasa e pregătită și urmărește fiecare echipă pe pagina de monitorizare.',
        ],
      },
      {
        points: [
          'Jucătorii nu au nevoie de cont sau de e-mail: un nume e de ajuns.',
          'Sala de așteptare se actualizează singură: nimeni nu trebuie să o reîncarce.',
        ],
      },
    ],
  },
  {
    slug: 'debrief',
    title: 'Conducerea discuției finale',
    blocks: [
      {
        p: 'Discuția finală este momentul în care clasa învață: graficele arată ce s-a întâmplat, săptămână cu săptămână și rol cu rol.',
      },
      {
        steps: [
          'La finalul jocului, jucătorii ajung pe pagina de rezultate, cu discuția finală.',
          'Arată graficele pe proiector: comenzile, stocurile și costurile fiecărui rol.',
          'Întreabă fiecare rol ce a văzut și de ce a comandat așa, apoi compară cu ce au cumpărat cu adevărat clienții.',
          'În setările jocului alegi ce arată discuția finală.',
        ],
      },
      {
        points: [
          'Lasă clasa să descopere de ce cresc comenzile de la magazin până la fabrică înainte să-i dai un nume.',
        ],
      },
    ],
  },
  {
    slug: 'cannot-join',
    title: 'Jucători care nu pot intra',
    blocks: [
      {
        p: 'Cele mai multe probleme vin de la cod, de la un joc plin sau de la rețea. Ce vede jucătorul îți spune care.',
      },
      {
        points: [
          '„Niciun joc nu are acest cod”: un cod are 6 litere și cifre. Roagă jucătorul să compare fiecare caracter cu proiectorul sau să scaneze codul QR.',
          '„Toate locurile sunt ocupate”: jocul este plin. Adaugă o echipă la sesiune sau creează alt joc pentru jucătorii în plus.',
          '„Sesiunea se deschide în curând”: jucătorul a intrat. Jocul se deschide singur când pornești runda.',
          'Pagina spune că s-a pierdut conexiunea: rețeaua școlii sau un browser vechi blochează conexiunea în direct. Pagina reîncearcă singură; între timp, încearcă datele mobile ale telefonului sau un browser recent.',
          'Un joc ciornă sau arhivat se deschide doar pentru tine: verifică-i starea în fila Jocuri.',
        ],
      },
      {
        p: 'Jucătorii nu au niciodată nevoie de cont: dacă o pagină le cere să se înregistreze, nu sunt pe pagina de intrare. Dă-le din nou linkul.',
      },
    ],
  },
  {
    slug: 'projector',
    title: 'Proiectorul și tabla de joc',
    blocks: [
      { p: 'Proiectorul ține toată clasa pe aceeași pagină.' },
      {
        points: [
          'Înainte de joc: arată codul și codul său QR, din pagina jocului sau a sesiunii.',
          'În timpul jocului: Deschide tabla de joc arată lanțul în direct.',
          'După joc: arată graficele discuției finale din pagina de rezultate.',
        ],
      },
      {
        p: 'Folosește ecranul complet al browserului (F11) și zoomul, ca să se poată citi și din fundul sălii.',
      },
    ],
  },
];
