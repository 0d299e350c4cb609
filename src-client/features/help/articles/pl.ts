import type { HelpArticles } from './types';

export const articles: HelpArticles = [
  {
    slug: 'create-game',
    title: 'Tworzenie gry',
    blocks: [
      { p: 'Gra jest gotowa w kilka sekund z poziomu panelu.' },
      {
        steps: [
          'Otwórz kartę Gry w panelu i wybierz Utwórz grę.',
          'Wybierz szablon: gotowy albo jeden z własnych z karty Szablony.',
          'Nazwij grę tak jak swoją klasę, aby łatwo ją odnaleźć, a potem wybierz Utwórz grę.',
          'Otwórz jej ustawienia, jeśli chcesz zmienić grę, zanim ktoś dołączy.',
        ],
      },
      {
        points: [
          'Wersję roboczą widzisz tylko ty.',
          'Aby grać z kilkoma zespołami naraz, utwórz sesję w karcie Sesje: każdy zespół gra we własną grę.',
        ],
      },
    ],
  },
  {
    slug: 'run-session',
    title: 'Prowadzenie sesji na zajęciach',
    blocks: [
      { p: 'Sesja dzieli całą klasę na zespoły: każdy zespół gra we własną grę, a ty prowadzisz rundy.' },
      {
        steps: [
          'Utwórz sesję w karcie Sesje i wybierz jej zespoły.',
          'Pokaż stronę sesji na rzutniku: gracze dołączają kodem albo kodem QR, a potem wybierają zespół i rolę lub losowe wolne miejsce.',
          'Obserwuj na żywo, jak zespoły się zapełniają; miejsce, którego nikt nie zajmie, może grać komputer.',
          'Rozpoczynaj każdą rundę, gdy klasa jest gotowa, i śledź każdy zespół na stronie postępów.',
        ],
      },
      {
        points: [
          'Gracze nie potrzebują konta ani adresu e-mail: wystarczy imię.',
          'Poczekalnia odświeża się sama: nikt nie musi jej przeładowywać.',
        ],
      },
    ],
  },
  {
    slug: 'debrief',
    title: 'Prowadzenie podsumowania',
    blocks: [
      {
        p: 'Podczas podsumowania klasa się uczy: wykresy pokazują, co się działo, tydzień po tygodniu i rola po roli.',
      },
      {
        steps: [
          'Po zakończeniu gry gracze trafiają na stronę wyników z podsumowaniem.',
          'Pokaż wykresy na rzutniku: zamówienia, zapasy i koszty każdej roli.',
          'Zapytaj każdą rolę, co widziała i dlaczego zamawiała tyle, ile zamawiała, a potem porównaj to z tym, co naprawdę kupili klienci.',
          'W ustawieniach gry wybierasz, co pokazuje podsumowanie.',
        ],
      },
      {
        points: [
          'Pozwól klasie samej odkryć, dlaczego zamówienia rosną od sklepu do fabryki, zanim to nazwiesz.',
        ],
      },
    ],
  },
  {
    slug: 'cannot-join',
    title: 'Gracze, którzy nie mogą dołączyć',
    blocks: [
      {
        p: 'Większość problemów wynika z kodu, pełnej gry albo sieci. To, co widzi gracz, mówi ci, z czego.',
      },
      {
        points: [
          '„Żadna gra nie ma tego kodu”: kod ma 6 liter i cyfr. Poproś gracza, by porównał każdy znak z rzutnikiem, albo by zeskanował kod QR.',
          '„Wszystkie miejsca są zajęte”: gra jest pełna. Dodaj zespół do sesji albo utwórz kolejną grę dla dodatkowych graczy.',
          '„Sesja wkrótce się otworzy”: gracz już dołączył. Gra otworzy się sama, gdy rozpoczniesz rundę.',
          'Strona informuje o utracie połączenia: sieć szkolna lub stara przeglądarka blokuje połączenie na żywo. Strona sama ponawia próbę; w tym czasie spróbuj danych komórkowych telefonu lub nowszej przeglądarki.',
          'Gra robocza lub zarchiwizowana otwiera się tylko dla ciebie: sprawdź jej stan w karcie Gry.',
        ],
      },
      {
        p: 'Gracze nigdy nie potrzebują konta: jeśli strona prosi ich o rejestrację, nie są na stronie dołączania. Podaj im link jeszcze raz.',
      },
    ],
  },
  {
    slug: 'projector',
    title: 'Rzutnik i plansza gry',
    blocks: [
      { p: 'Rzutnik sprawia, że cała klasa patrzy na to samo.' },
      {
        points: [
          'Przed grą: pokaż kod i jego kod QR, ze strony gry lub sesji.',
          'W trakcie gry: Otwórz planszę gry pokazuje łańcuch na żywo.',
          'Po grze: pokaż wykresy podsumowania ze strony wyników.',
        ],
      },
      {
        p: 'Użyj trybu pełnoekranowego przeglądarki (F11) i powiększenia, aby dało się czytać z końca sali.',
      },
    ],
  },
];
