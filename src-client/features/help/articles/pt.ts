import type { HelpArticles } from './types';

export const articles: HelpArticles = [
  {
    slug: 'create-game',
    title: 'Criar um jogo',
    blocks: [
      { p: 'Um jogo fica pronto em poucos segundos a partir do seu painel.' },
      {
        steps: [
          'Abra o separador Jogos do painel e escolha Criar um jogo.',
          'Escolha um modelo: um já pronto ou um dos seus, do separador Modelos.',
          'Dê ao jogo o nome da sua turma para o encontrar depois e escolha Criar o jogo.',
          'Abra as definições se quiser alterar o jogo antes de alguém entrar.',
        ],
      },
      {
        points: [
          'Um rascunho só é visto por si.',
          'Para jogar com várias equipas ao mesmo tempo, crie uma sessão no separador Sessões: cada equipa joga o seu próprio jogo.',
        ],
      },
    ],
  },
  {
    slug: 'run-session',
    title: 'Conduzir uma sessão na aula',
    blocks: [
      {
        p: 'Uma sessão divide uma turma inteira em equipas: cada equipa joga o seu próprio jogo e você conduz as rondas.',
      },
      {
        steps: [
          'Crie a sessão no separador Sessões e escolha as equipas.',
          'Mostre a página da sessão no projetor: os jogadores entram com o código ou o código QR e escolhem a equipa e o papel, ou um lugar livre ao acaso.',
          'Veja as equipas a encherem-se em direto; um lugar que ninguém ocupa pode ser jogado pelo computador.',
          'Inicie cada ronda quando a turma estiver pronta e acompanhe cada equipa na página de acompanhamento.',
        ],
      },
      {
        points: [
          'Os jogadores não precisam de conta nem de e-mail: basta um nome.',
          'A sala de espera atualiza-se sozinha: ninguém precisa de a recarregar.',
        ],
      },
    ],
  },
  {
    slug: 'debrief',
    title: 'Conduzir o debriefing',
    blocks: [
      {
        p: 'O debriefing é onde a turma aprende: os gráficos mostram o que aconteceu, semana a semana e papel a papel.',
      },
      {
        steps: [
          'No fim do jogo, os jogadores chegam à página de resultados, com o debriefing.',
          'Mostre os gráficos no projetor: encomendas, stock e custos de cada papel.',
          'Pergunte a cada papel o que viu e porque encomendou o que encomendou, e compare com o que os clientes compraram de facto.',
          'Nas definições do jogo escolhe o que o debriefing mostra.',
        ],
      },
      {
        points: [
          'Deixe a turma descobrir porque é que as encomendas crescem da loja até à fábrica antes de lhe dar um nome.',
        ],
      },
    ],
  },
  {
    slug: 'cannot-join',
    title: 'Jogadores que não conseguem entrar',
    blocks: [
      {
        p: 'A maioria dos problemas vem do código, de um jogo cheio ou da rede. O que o jogador vê diz-lhe qual.',
      },
      {
        points: [
          '«Nenhum jogo tem este código»: um código tem 6 letras e algarismos. Peça ao jogador que compare cada carácter com o projetor, ou que leia o código QR.',
          '«Todos os lugares estão ocupados»: o jogo está cheio. Acrescente uma equipa à sessão ou crie outro jogo para os jogadores a mais.',
          '«A sessão abre em breve»: o jogador já entrou. O jogo abre sozinho quando iniciar a ronda.',
          'A página diz que a ligação se perdeu: a rede da escola ou um navegador antigo bloqueia a ligação em direto. A página tenta de novo sozinha; entretanto, experimente os dados móveis do telemóvel ou um navegador recente.',
          'Um jogo em rascunho ou arquivado só abre para si: verifique o estado no separador Jogos.',
        ],
      },
      {
        p: 'Os jogadores nunca precisam de conta: se uma página lhes pede para se registarem, não estão na página para entrar. Dê-lhes o link outra vez.',
      },
    ],
  },
  {
    slug: 'projector',
    title: 'O projetor e o tabuleiro do jogo',
    blocks: [
      { p: 'O projetor mantém toda a turma na mesma página.' },
      {
        points: [
          'Antes de jogar: mostre o código e o seu código QR, na página do jogo ou da sessão.',
          'Durante o jogo: Abrir o tabuleiro do jogo mostra a cadeia em direto.',
          'Depois do jogo: mostre os gráficos do debriefing na página de resultados.',
        ],
      },
      { p: 'Use o ecrã inteiro do navegador (F11) e o zoom para que o fundo da sala consiga ler.' },
    ],
  },
];
