import type { HelpArticles } from './types';

export const articles: HelpArticles = [
  {
    slug: 'create-game',
    title: 'Crear una partida',
    blocks: [
      { p: 'Una partida está lista en pocos segundos desde tu panel.' },
      {
        steps: [
          'Abre la pestaña Partidas del panel y elige Crear una partida.',
          'Elige una plantilla: una ya preparada o una tuya de la pestaña Plantillas.',
          'Pon a la partida el nombre de tu clase para encontrarla después y elige Crear la partida.',
          'Abre sus ajustes si quieres cambiar la partida antes de que alguien se una.',
        ],
      },
      {
        points: [
          'Un borrador solo lo ves tú.',
          'Para jugar con varios equipos a la vez, crea una sesión desde la pestaña Sesiones: cada equipo juega su propia partida.',
        ],
      },
    ],
  },
  {
    slug: 'run-session',
    title: 'Dirigir una sesión en clase',
    blocks: [
      {
        p: 'Una sesión reparte a toda una clase en equipos: cada equipo juega su propia partida y tú diriges las rondas.',
      },
      {
        steps: [
          'Crea la sesión desde la pestaña Sesiones y elige sus equipos.',
          'Muestra la página de la sesión en el proyector: los jugadores entran con el código o el código QR y eligen su equipo y su rol, o un puesto libre al azar.',
          'Mira cómo se llenan los equipos en directo; un puesto que nadie ocupa puede jugarlo el ordenador.',
          'Inicia cada ronda cuando la clase esté lista y sigue a cada equipo en la página de seguimiento.',
        ],
      },
      {
        points: [
          'Los jugadores no necesitan cuenta ni correo: basta con un nombre.',
          'La sala de espera se actualiza sola: nadie tiene que recargarla.',
        ],
      },
    ],
  },
  {
    slug: 'debrief',
    title: 'Dirigir el debriefing',
    blocks: [
      {
        p: 'El debriefing es donde la clase aprende: sus gráficos muestran lo que pasó, semana a semana y rol a rol.',
      },
      {
        steps: [
          'Al terminar la partida, los jugadores llegan a la página de resultados, con el debriefing.',
          'Muestra los gráficos en el proyector: pedidos, existencias y costes de cada rol.',
          'Pregunta a cada rol qué vio y por qué pidió lo que pidió, y compáralo con lo que los clientes compraron de verdad.',
          'En los ajustes de la partida eliges lo que muestra el debriefing.',
        ],
      },
      {
        points: [
          'Deja que la clase descubra por qué los pedidos crecen de la tienda a la fábrica antes de ponerle nombre.',
        ],
      },
    ],
  },
  {
    slug: 'cannot-join',
    title: 'Jugadores que no pueden entrar',
    blocks: [
      {
        p: 'La mayoría de los problemas vienen del código, de una partida llena o de la red. Lo que ve el jugador te dice cuál.',
      },
      {
        points: [
          '«Ninguna partida tiene este código»: un código tiene 6 letras y cifras. Pide al jugador que compare cada carácter con el proyector, o que escanee el código QR.',
          '«Todos los puestos están ocupados»: la partida está llena. Añade un equipo a la sesión o crea otra partida para los jugadores que sobran.',
          '«La sesión abre pronto»: el jugador ya está dentro. La partida se abre sola cuando inicias la ronda.',
          'La página dice que se perdió la conexión: la red del centro o un navegador antiguo bloquea la conexión en directo. La página lo reintenta sola; mientras tanto, prueba los datos móviles del teléfono o un navegador reciente.',
          'Una partida en borrador o archivada solo se abre para ti: comprueba su estado en la pestaña Partidas.',
        ],
      },
      {
        p: 'Los jugadores nunca necesitan cuenta: si una página les pide registrarse, no están en la página para unirse. Dales de nuevo el enlace.',
      },
    ],
  },
  {
    slug: 'projector',
    title: 'El proyector y el tablero de juego',
    blocks: [
      { p: 'El proyector mantiene a toda la clase en la misma página.' },
      {
        points: [
          'Antes de jugar: muestra el código y su código QR, desde la página de la partida o la de la sesión.',
          'Durante la partida: Abrir el tablero de juego muestra la cadena en directo.',
          'Después de la partida: muestra los gráficos del debriefing desde la página de resultados.',
        ],
      },
      {
        p: 'Usa la pantalla completa del navegador (F11) y su zoom para que se lea desde el fondo del aula.',
      },
    ],
  },
];
