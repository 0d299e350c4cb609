import type { HelpArticles } from './types';

export const articles: HelpArticles = [
  {
    slug: 'create-game',
    title: 'Creare una partita',
    blocks: [
      { p: 'Una partita è pronta in pochi secondi dalla tua dashboard.' },
      {
        steps: [
          'Apri la scheda Partite della dashboard e scegli Crea una partita.',
          'Scegli un modello: uno già pronto o uno dei tuoi dalla scheda Modelli.',
          'Dai alla partita il nome della tua classe per ritrovarla, poi scegli Crea la partita.',
          'Apri le impostazioni se vuoi modificare la partita prima che qualcuno entri.',
        ],
      },
      {
        points: [
          'Una bozza la vedi solo tu.',
          'Per giocare con più squadre insieme, crea una sessione dalla scheda Sessioni: ogni squadra gioca la propria partita.',
        ],
      },
    ],
  },
  {
    slug: 'run-session',
    title: 'Condurre una sessione in classe',
    blocks: [
      {
        p: 'Una sessione divide tutta la classe in squadre: ogni squadra gioca la propria partita e tu guidi i turni.',
      },
      {
        steps: [
          'Crea la sessione dalla scheda Sessioni e scegli le squadre.',
          'Mostra la pagina della sessione al proiettore: i giocatori entrano con il codice o il codice QR, poi scelgono squadra e ruolo, o un posto libero a caso.',
          'Guarda le squadre riempirsi in diretta; un posto che nessuno prende può essere giocato dal computer.',
          'Avvia ogni turno quando la classe è pronta e segui ogni squadra nella pagina di monitoraggio.',
        ],
      },
      {
        points: [
          'I giocatori non hanno bisogno né di account né di e-mail: basta un nome.',
          "La sala d'attesa si aggiorna da sola: nessuno deve ricaricarla.",
        ],
      },
    ],
  },
  {
    slug: 'debrief',
    title: 'Condurre il debriefing',
    blocks: [
      {
        p: 'Il debriefing è il momento in cui la classe impara: i grafici mostrano cosa è successo, settimana per settimana e ruolo per ruolo.',
      },
      {
        steps: [
          'Alla fine della partita, i giocatori arrivano alla pagina dei risultati, con il debriefing.',
          'Mostra i grafici al proiettore: ordini, scorte e costi di ogni ruolo.',
          'Chiedi a ogni ruolo cosa ha visto e perché ha ordinato così, poi confronta con ciò che i clienti hanno davvero comprato.',
          'Nelle impostazioni della partita scegli cosa mostra il debriefing.',
        ],
      },
      {
        points: [
          'Lascia che la classe scopra perché gli ordini crescono dal negozio alla fabbrica prima di dargli un nome.',
        ],
      },
    ],
  },
  {
    slug: 'cannot-join',
    title: 'Giocatori che non riescono a entrare',
    blocks: [
      {
        p: 'La maggior parte dei problemi nasce dal codice, da una partita piena o dalla rete. Ciò che vede il giocatore ti dice quale.',
      },
      {
        points: [
          '«Nessuna partita ha questo codice»: un codice ha 6 lettere e cifre. Fai confrontare ogni carattere con il proiettore, oppure fai scansionare il codice QR.',
          "«Tutti i posti sono occupati»: la partita è piena. Aggiungi una squadra alla sessione o crea un'altra partita per i giocatori in più.",
          '«La sessione apre a breve»: il giocatore è dentro. La partita si apre da sola quando avvii il turno.',
          'La pagina dice che la connessione è persa: la rete della scuola o un browser vecchio blocca la connessione in diretta. La pagina riprova da sola; nel frattempo prova i dati mobili del telefono o un browser recente.',
          'Una partita in bozza o archiviata si apre solo per te: controlla il suo stato nella scheda Partite.',
        ],
      },
      {
        p: 'I giocatori non hanno mai bisogno di un account: se una pagina chiede loro di registrarsi, non sono sulla pagina per entrare. Ridai loro il link.',
      },
    ],
  },
  {
    slug: 'projector',
    title: 'Il proiettore e il tabellone',
    blocks: [
      { p: 'Il proiettore tiene tutta la classe sulla stessa pagina.' },
      {
        points: [
          'Prima di giocare: mostra il codice e il suo codice QR, dalla pagina della partita o della sessione.',
          'Durante la partita: Apri il tabellone mostra la catena in diretta.',
          'Dopo la partita: mostra i grafici del debriefing dalla pagina dei risultati.',
        ],
      },
      { p: "Usa lo schermo intero del browser (F11) e il suo zoom perché si legga anche in fondo all'aula." },
    ],
  },
];
