/** Malaysia's 13 states and 3 federal territories with real towns, coordinates, postcodes and phone area codes. */

export interface StateSeed {
  name: string;
  kind: 'state' | 'federal_territory';
  /** Fixed-line area code, e.g. '03'. */
  areaCode: string;
  /** [town, latitude, longitude, postcode] */
  cities: [string, number, number, string][];
}

export const STATES: StateSeed[] = [
  { name: 'Kuala Lumpur', kind: 'federal_territory', areaCode: '03', cities: [
    ['Kuala Lumpur', 3.139, 101.6869, '50000'], ['Cheras', 3.106, 101.7265, '56000'], ['Kepong', 3.214, 101.636, '52100'],
    ['Setapak', 3.199, 101.717, '53300'], ['Bangsar', 3.129, 101.678, '59100'], ['Mont Kiara', 3.17, 101.652, '50480'],
    ['Wangsa Maju', 3.205, 101.736, '53300'], ['Sentul', 3.183, 101.689, '51000'], ['Bukit Jalil', 3.058, 101.689, '57000'],
    ['Sri Petaling', 3.069, 101.69, '57000'], ['Segambut', 3.185, 101.665, '51200'], ['Titiwangsa', 3.176, 101.703, '53200'],
    ['Brickfields', 3.13, 101.685, '50470'], ['Bukit Bintang', 3.1466, 101.71, '55100'], ['Kuchai Lama', 3.09, 101.687, '58200'],
    ['Taman Tun Dr Ismail', 3.146, 101.63, '60000'],
  ] },
  { name: 'Putrajaya', kind: 'federal_territory', areaCode: '03', cities: [['Putrajaya', 2.9264, 101.6964, '62000']] },
  { name: 'Labuan', kind: 'federal_territory', areaCode: '087', cities: [['Victoria', 5.2831, 115.2308, '87000']] },
  { name: 'Selangor', kind: 'state', areaCode: '03', cities: [
    ['Shah Alam', 3.0738, 101.5183, '40000'], ['Petaling Jaya', 3.1073, 101.6067, '46000'], ['Subang Jaya', 3.0438, 101.5806, '47500'],
    ['Klang', 3.0449, 101.4456, '41000'], ['Kajang', 2.9927, 101.7909, '43000'], ['Ampang', 3.1488, 101.7615, '68000'],
    ['Puchong', 3.0236, 101.6183, '47100'], ['Seri Kembangan', 3.0214, 101.7055, '43300'], ['Bangi', 2.9167, 101.7833, '43650'],
    ['Cyberjaya', 2.9213, 101.6559, '63000'], ['Rawang', 3.3213, 101.5767, '48000'], ['Selayang', 3.25, 101.65, '68100'],
    ['Sepang', 2.688, 101.75, '43900'], ['Banting', 2.8167, 101.5, '42700'], ['Kuala Selangor', 3.3403, 101.25, '45000'],
    ['Sabak Bernam', 3.7667, 100.9833, '45200'], ['Kuala Kubu Bharu', 3.5667, 101.65, '44000'], ['Port Klang', 3.0, 101.4, '42000'],
    ['Semenyih', 2.951, 101.843, '43500'], ['Dengkil', 2.86, 101.68, '43800'], ['Batu Caves', 3.2379, 101.684, '68100'],
    ['Setia Alam', 3.112, 101.459, '40170'], ['Kota Damansara', 3.164, 101.588, '47810'], ['Sungai Buloh', 3.2, 101.5667, '47000'],
    ['Tanjong Karang', 3.4239, 101.1853, '45500'],
  ] },
  { name: 'Johor', kind: 'state', areaCode: '07', cities: [
    ['Johor Bahru', 1.4927, 103.7414, '80000'], ['Iskandar Puteri', 1.425, 103.63, '79000'], ['Skudai', 1.533, 103.659, '81300'],
    ['Pasir Gudang', 1.47, 103.9, '81700'], ['Batu Pahat', 1.8548, 102.9325, '83000'], ['Muar', 2.0442, 102.5689, '84000'],
    ['Kluang', 2.0251, 103.3328, '86000'], ['Segamat', 2.5148, 102.8158, '85000'], ['Pontian', 1.4867, 103.3897, '82000'],
    ['Kota Tinggi', 1.7381, 103.8999, '81900'], ['Mersing', 2.4312, 103.8405, '86800'], ['Kulai', 1.6561, 103.6032, '81000'],
    ['Tangkak', 2.2673, 102.5453, '84900'], ['Yong Peng', 2.0136, 103.0659, '83700'], ['Senai', 1.6006, 103.6419, '81400'],
    ['Ulu Tiram', 1.6, 103.8167, '81800'], ['Labis', 2.385, 103.021, '85300'], ['Simpang Renggam', 1.827, 103.316, '86200'],
  ] },
  { name: 'Kedah', kind: 'state', areaCode: '04', cities: [
    ['Alor Setar', 6.121, 100.3601, '05000'], ['Sungai Petani', 5.647, 100.4877, '08000'], ['Kulim', 5.365, 100.5617, '09000'],
    ['Langkawi', 6.3167, 99.85, '07000'], ['Jitra', 6.2686, 100.4214, '06000'], ['Baling', 5.6766, 100.917, '09100'],
    ['Pendang', 5.993, 100.477, '06700'], ['Yan', 5.8, 100.3833, '06900'], ['Gurun', 5.8167, 100.4667, '08300'],
    ['Kuala Kedah', 6.1, 100.3, '06600'], ['Bandar Baharu', 5.1333, 100.4833, '09800'], ['Pokok Sena', 6.1667, 100.5167, '06400'],
  ] },
  { name: 'Kelantan', kind: 'state', areaCode: '09', cities: [
    ['Kota Bharu', 6.1254, 102.2381, '15000'], ['Pasir Mas', 6.0493, 102.1399, '17000'], ['Tanah Merah', 5.8, 102.15, '17500'],
    ['Machang', 5.7667, 102.2167, '18500'], ['Kuala Krai', 5.5333, 102.2, '18000'], ['Gua Musang', 4.8823, 101.9644, '18300'],
    ['Tumpat', 6.1978, 102.1711, '16200'], ['Pasir Puteh', 5.8333, 102.4, '16800'], ['Bachok', 6.0667, 102.4, '16300'],
    ['Jeli', 5.7, 101.8333, '17600'],
  ] },
  { name: 'Melaka', kind: 'state', areaCode: '06', cities: [
    ['Melaka City', 2.1896, 102.2501, '75000'], ['Alor Gajah', 2.3804, 102.2089, '78000'], ['Jasin', 2.3096, 102.4281, '77000'],
    ['Ayer Keroh', 2.2667, 102.2833, '75450'], ['Masjid Tanah', 2.35, 102.1167, '78300'], ['Merlimau', 2.15, 102.4333, '77300'],
  ] },
  { name: 'Negeri Sembilan', kind: 'state', areaCode: '06', cities: [
    ['Seremban', 2.7259, 101.9378, '70000'], ['Nilai', 2.8167, 101.8, '71800'], ['Port Dickson', 2.5228, 101.7959, '71000'],
    ['Bahau', 2.8167, 102.4167, '72100'], ['Kuala Pilah', 2.7389, 102.2487, '72000'], ['Tampin', 2.4701, 102.2302, '73000'],
    ['Rembau', 2.5833, 102.1, '71300'], ['Gemas', 2.5833, 102.6167, '73400'], ['Mantin', 2.8167, 101.9, '71700'],
  ] },
  { name: 'Pahang', kind: 'state', areaCode: '09', cities: [
    ['Kuantan', 3.8077, 103.326, '25000'], ['Temerloh', 3.45, 102.4167, '28000'], ['Bentong', 3.5221, 101.9081, '28700'],
    ['Raub', 3.793, 101.857, '27600'], ['Jerantut', 3.936, 102.3626, '27000'], ['Pekan', 3.492, 103.39, '26600'],
    ['Kuala Lipis', 4.1842, 102.0468, '27200'], ['Tanah Rata', 4.4718, 101.377, '39000'], ['Mentakab', 3.4833, 102.35, '28400'],
    ['Kuala Rompin', 2.8167, 103.4833, '26800'], ['Maran', 3.5833, 102.7667, '26500'], ['Genting Highlands', 3.4236, 101.7932, '69000'],
    ['Brinchang', 4.4833, 101.3833, '39100'],
  ] },
  { name: 'Penang', kind: 'state', areaCode: '04', cities: [
    ['George Town', 5.4141, 100.3288, '10000'], ['Butterworth', 5.3991, 100.3638, '12000'], ['Bukit Mertajam', 5.3631, 100.4667, '14000'],
    ['Bayan Lepas', 5.2946, 100.2599, '11900'], ['Nibong Tebal', 5.1659, 100.4779, '14300'], ['Kepala Batas', 5.517, 100.426, '13200'],
    ['Balik Pulau', 5.35, 100.2333, '11000'], ['Air Itam', 5.4, 100.2833, '11500'], ['Tanjung Bungah', 5.4667, 100.2833, '11200'],
    ['Perai', 5.3833, 100.3833, '13600'], ['Simpang Ampat', 5.2833, 100.4667, '14100'], ['Batu Ferringhi', 5.472, 100.246, '11100'],
  ] },
  { name: 'Perak', kind: 'state', areaCode: '05', cities: [
    ['Ipoh', 4.5975, 101.0901, '30000'], ['Taiping', 4.85, 100.7333, '34000'], ['Teluk Intan', 4.0259, 101.0213, '36000'],
    ['Sitiawan', 4.2167, 100.7, '32000'], ['Lumut', 4.2333, 100.6333, '32200'], ['Kampar', 4.3, 101.15, '31900'],
    ['Batu Gajah', 4.4667, 101.05, '31000'], ['Kuala Kangsar', 4.7667, 100.9333, '33000'], ['Tapah', 4.2, 101.2667, '35000'],
    ['Tanjung Malim', 3.6833, 101.5167, '35900'], ['Parit Buntar', 5.125, 100.4933, '34200'], ['Gerik', 5.4333, 101.1333, '33300'],
    ['Seri Iskandar', 4.36, 100.98, '32610'], ['Slim River', 3.8333, 101.4, '35800'], ['Bagan Serai', 5.01, 100.54, '34300'],
    ['Sungai Siput', 4.8167, 101.0667, '31100'],
  ] },
  { name: 'Perlis', kind: 'state', areaCode: '04', cities: [
    ['Kangar', 6.4414, 100.1986, '01000'], ['Arau', 6.4297, 100.2699, '02600'], ['Padang Besar', 6.66, 100.32, '02100'],
    ['Kuala Perlis', 6.4, 100.1333, '02000'], ['Simpang Empat', 6.3333, 100.2, '02700'],
  ] },
  { name: 'Sabah', kind: 'state', areaCode: '088', cities: [
    ['Kota Kinabalu', 5.9804, 116.0735, '88000'], ['Sandakan', 5.8402, 118.1179, '90000'], ['Tawau', 4.2448, 117.8912, '91000'],
    ['Lahad Datu', 5.0268, 118.34, '91100'], ['Keningau', 5.3378, 116.1602, '89000'], ['Semporna', 4.4814, 118.6117, '91300'],
    ['Kudat', 6.8837, 116.8477, '89050'], ['Ranau', 5.9536, 116.6632, '89300'], ['Beaufort', 5.3473, 115.7455, '89800'],
    ['Papar', 5.7333, 115.9333, '89600'], ['Penampang', 5.9167, 116.1167, '89500'], ['Putatan', 5.891, 116.051, '88200'],
    ['Kota Belud', 6.351, 116.43, '89150'], ['Tuaran', 6.1833, 116.2333, '89200'], ['Kunak', 4.6833, 118.25, '91200'],
    ['Tenom', 5.1167, 115.95, '89900'],
  ] },
  { name: 'Sarawak', kind: 'state', areaCode: '082', cities: [
    ['Kuching', 1.5535, 110.3593, '93000'], ['Miri', 4.3995, 113.9914, '98000'], ['Sibu', 2.287, 111.8305, '96000'],
    ['Bintulu', 3.1667, 113.0333, '97000'], ['Sri Aman', 1.2373, 111.4621, '95000'], ['Kapit', 2.0167, 112.9333, '96800'],
    ['Sarikei', 2.1167, 111.5167, '96100'], ['Limbang', 4.75, 115.0, '98700'], ['Mukah', 2.9, 112.0833, '96400'],
    ['Kota Samarahan', 1.459, 110.493, '94300'], ['Serian', 1.1667, 110.5667, '94700'], ['Betong', 1.4, 111.5333, '95700'],
    ['Lawas', 4.85, 115.4, '98850'], ['Bau', 1.4167, 110.15, '94000'], ['Marudi', 4.1833, 114.3167, '98050'],
  ] },
  { name: 'Terengganu', kind: 'state', areaCode: '09', cities: [
    ['Kuala Terengganu', 5.3302, 103.1408, '20000'], ['Chukai', 4.2333, 103.4167, '24000'], ['Dungun', 4.7667, 103.4167, '23000'],
    ['Marang', 5.2056, 103.2056, '21600'], ['Jerteh', 5.7333, 102.4833, '22000'], ['Kuala Berang', 5.0667, 103.0167, '21700'],
    ['Bandar Permaisuri', 5.5, 102.75, '22100'], ['Kerteh', 4.5167, 103.45, '24300'], ['Paka', 4.6333, 103.4333, '23100'],
  ] },
];

/** Countries offered in address and phone forms (calling codes without '+'). */
export const COUNTRIES: { name: string; iso2: string; calling_code: string }[] = [
  { name: 'Malaysia', iso2: 'MY', calling_code: '60' },
  { name: 'Singapore', iso2: 'SG', calling_code: '65' },
  { name: 'Brunei', iso2: 'BN', calling_code: '673' },
  { name: 'Indonesia', iso2: 'ID', calling_code: '62' },
  { name: 'Thailand', iso2: 'TH', calling_code: '66' },
  { name: 'Philippines', iso2: 'PH', calling_code: '63' },
  { name: 'Vietnam', iso2: 'VN', calling_code: '84' },
  { name: 'China', iso2: 'CN', calling_code: '86' },
  { name: 'India', iso2: 'IN', calling_code: '91' },
  { name: 'Australia', iso2: 'AU', calling_code: '61' },
  { name: 'United Kingdom', iso2: 'GB', calling_code: '44' },
  { name: 'United States', iso2: 'US', calling_code: '1' },
];

export const STREET_WORDS = [
  'Merdeka', 'Bunga Raya', 'Mawar', 'Kenanga', 'Cempaka', 'Melati', 'Sentosa', 'Bahagia', 'Permai', 'Indah', 'Jaya',
  'Harmoni', 'Setia', 'Mutiara', 'Delima', 'Nilam', 'Zamrud', 'Intan', 'Tun Razak', 'Sultan Ismail', 'Ampang',
  'Bukit Bintang', 'Tun Sambanthan', 'Kuchai', 'Kenari', 'Meranti', 'Cengal', 'Seroja', 'Teratai', 'Anggerik', 'Dahlia',
  'Perdana', 'Wawasan', 'Industri', 'Perniagaan', 'Pasar', 'Besar', 'Stesen', 'Masjid', 'Sekolah',
];

export const NEIGHBOURHOOD_PREFIXES = ['Taman', 'Bandar', 'Kampung', 'Desa', 'Pusat Bandar', 'Seksyen'];
