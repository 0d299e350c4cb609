import type { HelpArticles } from './types';

export const articles: HelpArticles = [
  {
    slug: 'create-game',
    title: 'Creating a game',
    blocks: [
      { p: 'A game is ready in a few seconds from your dashboard.' },
      {
        steps: [
          'Open the Games tab of the dashboard and choose Create a game.',
          'Pick a template: a ready-made one, or one of your own from the Templates tab.',
          'Name the game after your class so that you find it again, then choose Create the game.',
          'Open its settings if you want to change the game before anyone joins.',
        ],
      },
      {
        points: [
          'A draft is seen by you alone.',
          'To play with several teams at once, create a session from the Sessions tab: each team plays its own game.',
        ],
      },
    ],
  },
  {
    slug: 'run-session',
    title: 'Running a session in class',
    blocks: [
      { p: 'A session puts a whole class in teams: each team plays its own game, and you lead the rounds.' },
      {
        steps: [
          'Create the session from the Sessions tab and choose its teams.',
          'Show the session page on the projector: players join with the code or the QR code, then pick their team and role, or a random free seat.',
          'Watch the teams fill in live; a seat nobody takes can be played by the computer.',
          'Start each round when the class is ready, and follow every team on the follow-up page.',
        ],
      },
      {
        points: [
          'Players need no account and no e-mail: a name is enough.',
          'The lobby updates by itself: nobody needs to reload it.',
        ],
      },
    ],
  },
  {
    slug: 'debrief',
    title: 'Leading the debrief',
    blocks: [
      {
        p: 'The debrief is where the class learns: its charts show what happened, week by week and role by role.',
      },
      {
        steps: [
          'When the game ends, players land on the results page, with the debrief.',
          'Show the charts on the projector: orders, stock and costs of each role.',
          'Ask each role what they saw and why they ordered what they did, then compare with what the customers really bought.',
          'In the game settings you choose what the debrief shows.',
        ],
      },
      {
        points: ['Let the class find why the orders swell from the shop to the factory before you name it.'],
      },
    ],
  },
  {
    slug: 'cannot-join',
    title: 'Players who cannot join',
    blocks: [
      {
        p: 'Most problems come from the code, a full game or the network. What the player sees tells you which.',
      },
      {
        points: [
          '"No game has this code": a code is 6 letters and digits. Have the player check each character against the projector, or scan the QR code instead.',
          '"Every seat is taken": the game is full. Add a team to the session, or create another game for the extra players.',
          '"The session opens soon": the player is in. The game opens by itself when you start the round.',
          "The page says the connection is lost: a school network or an old browser blocks the live connection. The page retries by itself; meanwhile try the phone's mobile data or a recent browser.",
          'A draft or archived game opens for you alone: check its status on the Games tab.',
        ],
      },
      {
        p: 'Players never need an account: if a page asks them to sign up, they are not on the join page. Give them the link again.',
      },
    ],
  },
  {
    slug: 'projector',
    title: 'The projector and the game board',
    blocks: [
      { p: 'The projector keeps the whole class on the same page.' },
      {
        points: [
          'Before playing: show the join code and its QR code, from the game page or the session page.',
          'While playing: Open the game board shows the chain live.',
          'After the game: show the debrief charts from the results page.',
        ],
      },
      { p: "Use your browser's full screen (F11) and its zoom so that the back of the room can read." },
    ],
  },
];
