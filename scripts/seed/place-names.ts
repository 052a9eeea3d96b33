/**
 * Malaysia's states and the demo's towns in Malay and Chinese (issue 42), by their English name in malaysia.ts:
 * `ms` only where the Malay name differs, `zh` as Malaysian Chinese newspapers write it. A town left out keeps its
 * English (Malay) name in every language.
 */
type Names = Readonly<Record<string, { ms?: string; zh: string }>>;

export const STATE_NAMES: Names = {
  'Kuala Lumpur': { zh: '吉隆坡' }, Putrajaya: { zh: '布城' }, Labuan: { zh: '纳闽' }, Selangor: { zh: '雪兰莪' }, Johor: { zh: '柔佛' },
  Kedah: { zh: '吉打' }, Kelantan: { zh: '吉兰丹' }, Melaka: { zh: '马六甲' }, 'Negeri Sembilan': { zh: '森美兰' }, Pahang: { zh: '彭亨' },
  Penang: { ms: 'Pulau Pinang', zh: '槟城' }, Perak: { zh: '霹雳' }, Perlis: { zh: '玻璃市' }, Sabah: { zh: '沙巴' }, Sarawak: { zh: '砂拉越' },
  Terengganu: { zh: '登嘉楼' },
};

export const CITY_NAMES: Names = {
  // Kuala Lumpur, Putrajaya, Labuan
  'Kuala Lumpur': { zh: '吉隆坡' }, Cheras: { zh: '蕉赖' }, Kepong: { zh: '甲洞' }, Setapak: { zh: '文良港' }, Bangsar: { zh: '孟沙' },
  'Mont Kiara': { zh: '满家乐' }, 'Wangsa Maju': { zh: '旺沙玛珠' }, Sentul: { zh: '冼都' }, 'Bukit Jalil': { zh: '武吉加里尔' },
  'Sri Petaling': { zh: '大城堡' }, Segambut: { zh: '泗岩沫' }, Titiwangsa: { zh: '蒂蒂旺沙' }, Brickfields: { zh: '十五碑' },
  'Bukit Bintang': { zh: '武吉免登' }, Putrajaya: { zh: '布城' }, Victoria: { zh: '维多利亚' },
  // Selangor
  'Shah Alam': { zh: '莎阿南' }, 'Petaling Jaya': { zh: '八打灵再也' }, 'Subang Jaya': { zh: '梳邦再也' }, Klang: { zh: '巴生' },
  Kajang: { zh: '加影' }, Ampang: { zh: '安邦' }, Puchong: { zh: '蒲种' }, 'Seri Kembangan': { zh: '沙登' }, Bangi: { zh: '万宜' },
  Cyberjaya: { zh: '赛城' }, Rawang: { zh: '万挠' }, Selayang: { zh: '士拉央' }, Sepang: { zh: '雪邦' }, Banting: { zh: '万津' },
  'Kuala Selangor': { zh: '瓜拉雪兰莪' }, 'Sabak Bernam': { zh: '沙白安南' }, 'Kuala Kubu Bharu': { zh: '新古毛' },
  'Port Klang': { ms: 'Pelabuhan Klang', zh: '巴生港口' }, Semenyih: { zh: '士毛月' }, Dengkil: { zh: '龙溪' }, 'Batu Caves': { zh: '黑风洞' },
  'Kota Damansara': { zh: '哥打白沙罗' }, 'Sungai Buloh': { zh: '双溪毛糯' }, 'Tanjong Karang': { zh: '丹绒加弄' },
  // Johor
  'Johor Bahru': { zh: '新山' }, 'Iskandar Puteri': { zh: '依斯干达公主城' }, Skudai: { zh: '士古来' }, 'Pasir Gudang': { zh: '巴西古当' },
  'Batu Pahat': { zh: '峇株巴辖' }, Muar: { zh: '麻坡' }, Kluang: { zh: '居銮' }, Segamat: { zh: '昔加末' }, Pontian: { zh: '笨珍' },
  'Kota Tinggi': { zh: '哥打丁宜' }, Mersing: { zh: '丰盛港' }, Kulai: { zh: '古来' }, Tangkak: { zh: '东甲' }, 'Yong Peng': { zh: '永平' },
  Senai: { zh: '士乃' }, 'Ulu Tiram': { zh: '乌鲁地南' }, Labis: { zh: '拉美士' }, 'Simpang Renggam': { zh: '新邦令金' },
  // Kedah
  'Alor Setar': { zh: '亚罗士打' }, 'Sungai Petani': { zh: '双溪大年' }, Kulim: { zh: '居林' }, Langkawi: { zh: '兰卡威' }, Jitra: { zh: '日得拉' },
  Baling: { zh: '华玲' }, Pendang: { zh: '笨筒' }, Gurun: { zh: '牛拉' }, 'Kuala Kedah': { zh: '瓜拉吉打' },
  // Kelantan
  'Kota Bharu': { zh: '哥打巴鲁' }, 'Pasir Mas': { zh: '巴西马' }, 'Tanah Merah': { zh: '丹那美拉' }, Machang: { zh: '马樟' },
  'Kuala Krai': { zh: '瓜拉吉赖' }, 'Gua Musang': { zh: '话望生' }, Tumpat: { zh: '道北' }, 'Pasir Puteh': { zh: '巴西富地' }, Bachok: { zh: '巴切' },
  // Melaka
  'Melaka City': { ms: 'Bandar Melaka', zh: '马六甲市' }, 'Alor Gajah': { zh: '亚罗牙也' }, Jasin: { zh: '野新' }, 'Ayer Keroh': { zh: '爱极乐' },
  'Masjid Tanah': { zh: '马接丁宜' },
  // Negeri Sembilan
  Seremban: { zh: '芙蓉' }, Nilai: { zh: '汝来' }, 'Port Dickson': { zh: '波德申' }, Bahau: { zh: '马口' }, 'Kuala Pilah': { zh: '瓜拉庇劳' },
  Tampin: { zh: '淡边' }, Rembau: { zh: '林茂' }, Gemas: { zh: '金马士' }, Mantin: { zh: '文丁' },
  // Pahang
  Kuantan: { zh: '关丹' }, Temerloh: { zh: '淡马鲁' }, Bentong: { zh: '文冬' }, Raub: { zh: '劳勿' }, Jerantut: { zh: '而连突' }, Pekan: { zh: '北根' },
  'Kuala Lipis': { zh: '立卑' }, 'Tanah Rata': { zh: '丹那拉打' }, Mentakab: { zh: '明打甲' }, 'Kuala Rompin': { zh: '瓜拉云冰' },
  'Genting Highlands': { ms: 'Tanah Tinggi Genting', zh: '云顶高原' }, Brinchang: { zh: '碧兰璋' },
  // Penang
  'George Town': { zh: '乔治市' }, Butterworth: { zh: '北海' }, 'Bukit Mertajam': { zh: '大山脚' }, 'Bayan Lepas': { zh: '峇六拜' },
  'Nibong Tebal': { zh: '高渊' }, 'Kepala Batas': { zh: '甲抛峇底' }, 'Balik Pulau': { zh: '浮罗山背' }, 'Air Itam': { zh: '亚依淡' },
  'Tanjung Bungah': { zh: '丹绒武雅' }, Perai: { zh: '北赖' }, 'Batu Ferringhi': { zh: '峇都丁宜' },
  // Perak
  Ipoh: { zh: '怡保' }, Taiping: { zh: '太平' }, 'Teluk Intan': { zh: '安顺' }, Sitiawan: { zh: '实兆远' }, Lumut: { zh: '红土坎' }, Kampar: { zh: '金宝' },
  'Batu Gajah': { zh: '华都牙也' }, 'Kuala Kangsar': { zh: '江沙' }, Tapah: { zh: '打巴' }, 'Tanjung Malim': { zh: '丹绒马林' },
  'Parit Buntar': { zh: '巴里文打' }, Gerik: { zh: '宜力' }, 'Slim River': { ms: 'Sungai Slim', zh: '仕林河' }, 'Sungai Siput': { zh: '和丰' },
  // Perlis
  Kangar: { zh: '加央' }, Arau: { zh: '亚娄' }, 'Padang Besar': { zh: '巴东勿刹' }, 'Kuala Perlis': { zh: '瓜拉玻璃市' },
  // Sabah
  'Kota Kinabalu': { zh: '亚庇' }, Sandakan: { zh: '山打根' }, Tawau: { zh: '斗湖' }, 'Lahad Datu': { zh: '拿笃' }, Keningau: { zh: '根地咬' },
  Semporna: { zh: '仙本那' }, Kudat: { zh: '古达' }, Ranau: { zh: '兰瑙' }, Beaufort: { zh: '保佛' }, Papar: { zh: '吧巴' }, Penampang: { zh: '兵南邦' },
  Putatan: { zh: '必达丹' }, 'Kota Belud': { zh: '哥打毛律' }, Tuaran: { zh: '斗亚兰' }, Kunak: { zh: '古纳' }, Tenom: { zh: '丹南' },
  // Sarawak
  Kuching: { zh: '古晋' }, Miri: { zh: '美里' }, Sibu: { zh: '诗巫' }, Bintulu: { zh: '民都鲁' }, 'Sri Aman': { zh: '斯里阿曼' }, Kapit: { zh: '加帛' },
  Sarikei: { zh: '泗里街' }, Limbang: { zh: '林梦' }, Mukah: { zh: '木胶' }, 'Kota Samarahan': { zh: '哥打三马拉汉' }, Serian: { zh: '西连' },
  Betong: { zh: '木中' }, Lawas: { zh: '老越' }, Bau: { zh: '石隆门' }, Marudi: { zh: '马鲁帝' },
  // Terengganu
  'Kuala Terengganu': { zh: '瓜拉登嘉楼' }, Chukai: { zh: '甘马挽' }, Dungun: { zh: '龙运' }, Marang: { zh: '马江' }, Jerteh: { zh: '日兰池' },
  'Kuala Berang': { zh: '瓜拉勿浪' }, Kerteh: { zh: '卡迪' }, Paka: { zh: '巴卡' },
};
