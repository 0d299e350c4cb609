import type { HelpArticles } from './types';

export const articles: HelpArticles = [
  {
    slug: 'create-game',
    title: 'Oyun oluşturma',
    blocks: [
      { p: 'Bir oyun, panelinizden birkaç saniyede hazır olur.' },
      {
        steps: [
          'Paneldeki Oyunlar sekmesini açın ve Oyun oluştur seçeneğini seçin.',
          'Bir şablon seçin: hazır bir şablon ya da Şablonlar sekmesindeki kendi şablonlarınızdan biri.',
          'Oyunu sonra kolayca bulmak için sınıfınızın adını verin, ardından Oyunu oluştur seçeneğini seçin.',
          'Kimse katılmadan önce oyunu değiştirmek isterseniz ayarlarını açın.',
        ],
      },
      {
        points: [
          'Taslağı yalnızca siz görürsünüz.',
          'Aynı anda birkaç takımla oynamak için Oturumlar sekmesinden bir oturum oluşturun: her takım kendi oyununu oynar.',
        ],
      },
    ],
  },
  {
    slug: 'run-session',
    title: 'Sınıfta oturum yürütme',
    blocks: [
      {
        p: 'Bir oturum bütün sınıfı takımlara ayırır: her takım kendi oyununu oynar, turları siz yönetirsiniz.',
      },
      {
        steps: [
          'Oturumu Oturumlar sekmesinden oluşturun ve takımlarını seçin.',
          'Oturum sayfasını projeksiyonda gösterin: oyuncular kodla ya da QR koduyla katılır, sonra takımlarını ve rollerini ya da rastgele boş bir yeri seçer.',
          'Takımların canlı olarak dolmasını izleyin; kimsenin almadığı bir yeri bilgisayar oynayabilir.',
          'Sınıf hazır olduğunda her turu başlatın ve her takımı takip sayfasından izleyin.',
        ],
      },
      {
        points: [
          'Oyuncuların hesaba ya da e-postaya ihtiyacı yoktur: bir ad yeterlidir.',
          'Bekleme salonu kendiliğinden güncellenir: kimsenin sayfayı yenilemesi gerekmez.',
        ],
      },
    ],
  },
  {
    slug: 'debrief',
    title: 'Değerlendirmeyi yürütme',
    blocks: [
      {
        p: 'Değerlendirme, sınıfın öğrendiği andır: grafikler haftadan haftaya ve rolden role neler olduğunu gösterir.',
      },
      {
        steps: [
          'Oyun bittiğinde oyuncular değerlendirmenin bulunduğu sonuçlar sayfasına gelir.',
          'Grafikleri projeksiyonda gösterin: her rolün siparişleri, stokları ve maliyetleri.',
          'Her role ne gördüğünü ve neden öyle sipariş verdiğini sorun, sonra müşterilerin gerçekte ne satın aldığıyla karşılaştırın.',
          'Değerlendirmenin ne göstereceğini oyunun ayarlarından seçersiniz.',
        ],
      },
      {
        points: [
          'Siz adını koymadan önce, siparişlerin mağazadan fabrikaya neden büyüdüğünü sınıfın kendisinin bulmasına izin verin.',
        ],
      },
    ],
  },
  {
    slug: 'cannot-join',
    title: 'Katılamayan oyuncular',
    blocks: [
      {
        p: 'Sorunların çoğu koddan, dolu bir oyundan ya da ağdan kaynaklanır. Oyuncunun gördüğü mesaj hangisi olduğunu söyler.',
      },
      {
        points: [
          '"Bu koda sahip bir oyun yok": bir kod 6 harf ve rakamdan oluşur. Oyuncudan her karakteri projeksiyondakiyle karşılaştırmasını ya da QR kodunu okutmasını isteyin.',
          '"Tüm yerler dolu": oyun dolu. Oturuma bir takım ekleyin ya da fazla oyuncular için başka bir oyun oluşturun.',
          '"Oturum yakında açılıyor": oyuncu içeride. Turu başlattığınızda oyun kendiliğinden açılır.',
          'Sayfa bağlantının koptuğunu söylüyor: okul ağı ya da eski bir tarayıcı canlı bağlantıyı engelliyor. Sayfa kendiliğinden yeniden dener; bu arada telefonun mobil verisini ya da güncel bir tarayıcıyı deneyin.',
          'Taslak ya da arşivlenmiş bir oyun yalnızca sizin için açılır: durumunu Oyunlar sekmesinden kontrol edin.',
        ],
      },
      {
        p: 'Oyuncuların hiçbir zaman hesaba ihtiyacı yoktur: bir sayfa kaydolmalarını istiyorsa katılma sayfasında değillerdir. Bağlantıyı onlara yeniden verin.',
      },
    ],
  },
  {
    slug: 'projector',
    title: 'Projeksiyon ve oyun tahtası',
    blocks: [
      { p: 'Projeksiyon bütün sınıfı aynı sayfada tutar.' },
      {
        points: [
          'Oynamadan önce: kodu ve QR kodunu oyun sayfasından ya da oturum sayfasından gösterin.',
          'Oyun sırasında: Oyun tahtasını aç zinciri canlı gösterir.',
          'Oyundan sonra: değerlendirme grafiklerini sonuçlar sayfasından gösterin.',
        ],
      },
      {
        p: 'Sınıfın arkasından da okunabilmesi için tarayıcının tam ekranını (F11) ve yakınlaştırmasını kullanın.',
      },
    ],
  },
];
