import type { HelpArticles } from './types';

export const articles: HelpArticles = [
  {
    slug: 'create-game',
    title: 'Créer une partie',
    blocks: [
      { p: 'Une partie est prête en quelques secondes depuis votre tableau de bord.' },
      {
        steps: [
          "Ouvrez l'onglet Parties du tableau de bord et choisissez Créer une partie.",
          "Choisissez un modèle : un modèle prêt à l'emploi, ou l'un des vôtres de l'onglet Modèles.",
          'Donnez à la partie le nom de votre classe pour la retrouver, puis choisissez Créer la partie.',
          "Ouvrez ses réglages si vous voulez modifier la partie avant que quelqu'un ne la rejoigne.",
        ],
      },
      {
        points: [
          "Un brouillon n'est visible que par vous.",
          "Pour jouer avec plusieurs équipes à la fois, créez une session depuis l'onglet Sessions : chaque équipe joue sa propre partie.",
        ],
      },
    ],
  },
  {
    slug: 'run-session',
    title: 'Animer une session en classe',
    blocks: [
      {
        p: 'Une session répartit toute une classe en équipes : chaque équipe joue sa propre partie, et vous menez les tours.',
      },
      {
        steps: [
          "Créez la session depuis l'onglet Sessions et choisissez ses équipes.",
          'Affichez la page de la session au vidéoprojecteur : les joueurs entrent avec le code ou le QR code, puis choisissent leur équipe et leur rôle, ou une place libre au hasard.',
          "Regardez les équipes se remplir en direct ; une place que personne ne prend peut être jouée par l'ordinateur.",
          'Lancez chaque tour quand la classe est prête, et suivez chaque équipe sur la page de suivi.',
        ],
      },
      {
        points: [
          "Les joueurs n'ont besoin ni de compte ni d'e-mail : un nom suffit.",
          "La salle d'attente se met à jour toute seule : personne n'a besoin de la recharger.",
        ],
      },
    ],
  },
  {
    slug: 'debrief',
    title: 'Mener le débriefing',
    blocks: [
      {
        p: "Le débriefing est le moment où la classe apprend : ses graphiques montrent ce qui s'est passé, semaine par semaine et rôle par rôle.",
      },
      {
        steps: [
          'À la fin de la partie, les joueurs arrivent sur la page des résultats, avec le débriefing.',
          'Affichez les graphiques au vidéoprojecteur : commandes, stocks et coûts de chaque rôle.',
          "Demandez à chaque rôle ce qu'il a vu et pourquoi il a commandé ainsi, puis comparez avec ce que les clients ont réellement acheté.",
          'Dans les réglages de la partie, vous choisissez ce que montre le débriefing.',
        ],
      },
      {
        points: [
          "Laissez la classe trouver pourquoi les commandes gonflent du magasin jusqu'à l'usine avant de le nommer.",
        ],
      },
    ],
  },
  {
    slug: 'cannot-join',
    title: "Des joueurs n'arrivent pas à entrer",
    blocks: [
      {
        p: "La plupart des problèmes viennent du code, d'une partie complète ou du réseau. Ce que voit le joueur vous dit lequel.",
      },
      {
        points: [
          "« Aucune partie n'a ce code » : un code compte 6 lettres et chiffres. Faites vérifier chaque caractère par rapport au vidéoprojecteur, ou scanner le QR code à la place.",
          '« Toutes les places sont prises » : la partie est complète. Ajoutez une équipe à la session, ou créez une autre partie pour les joueurs en plus.',
          "« La session ouvre bientôt » : le joueur est bien entré. La partie s'ouvre toute seule quand vous lancez le tour.",
          "La page indique que la connexion est perdue : un réseau d'établissement ou un navigateur ancien bloque la connexion en direct. La page réessaie toute seule ; en attendant, essayez les données mobiles du téléphone ou un navigateur récent.",
          "Une partie en brouillon ou archivée ne s'ouvre que pour vous : vérifiez son état dans l'onglet Parties.",
        ],
      },
      {
        p: "Les joueurs n'ont jamais besoin de compte : si une page leur demande de s'inscrire, ils ne sont pas sur la page pour rejoindre. Redonnez-leur le lien.",
      },
    ],
  },
  {
    slug: 'projector',
    title: 'Le vidéoprojecteur et le plateau de jeu',
    blocks: [
      { p: 'Le vidéoprojecteur garde toute la classe sur la même page.' },
      {
        points: [
          'Avant de jouer : affichez le code et son QR code, depuis la page de la partie ou celle de la session.',
          'Pendant la partie : Ouvrir le plateau de jeu montre la chaîne en direct.',
          'Après la partie : affichez les graphiques du débriefing depuis la page des résultats.',
        ],
      },
      {
        p: 'Utilisez le plein écran du navigateur (F11) et son zoom pour que le fond de la salle puisse lire.',
      },
    ],
  },
];
