/**
 * The seed's site content (issue 63): the footer's CMS pages and the banners, in English with their Malay and Chinese
 * rows (cms_page_texts, banner_texts). Migration 0050 gives a database seeded before the same rows.
 */
import type { Locale } from '../../src/shared/locale.ts';

export const COMPANY = 'Yellow Pages Malaysia';

type Other = Exclude<Locale, 'en'>;

/** Static pages of the footer links. Content is trusted HTML written by editors. */
export const CMS_PAGES: [string, string, string][] = [
  ['about-us', 'About Us', `<p>${COMPANY} is Malaysia's business directory and classifieds marketplace, with more than 500,000 classified ads from businesses, employers and individuals across all 13 states and 3 federal territories.</p><p>Find trusted services near you, browse jobs, hire people and buy or sell, all in one place.</p>`],
  ['terms-and-conditions', 'Terms and Conditions', '<h2>1. Use of the site</h2><p>By using this site you agree to these terms. Listings are provided by advertisers, who are responsible for their content.</p><h2>2. Listings</h2><p>We may remove any listing that is misleading, unlawful or infringes the rights of others.</p><h2>3. Liability</h2><p>We do not guarantee the quality of goods or services offered by advertisers.</p>'],
  ['privacy-policy', 'Privacy Policy', '<p>We process personal data in accordance with the Personal Data Protection Act 2010 (PDPA).</p><h2>What we collect</h2><ul><li>Account details you give us</li><li>Enquiries you send to advertisers</li><li>Usage data to improve the service</li></ul><h2>Your rights</h2><p>You may access, correct or delete your personal data by contacting us.</p>'],
  ['faq', 'Frequently Asked Questions', '<h2>Is it free to search?</h2><p>Yes. Searching, browsing and contacting advertisers is free.</p><h2>How do I list my business?</h2><p>Choose a package on the Advertise page. Every package starts with a free 30-day trial.</p><h2>How do I report a listing?</h2><p>Use the Report link on any listing.</p>'],
  ['advertising-terms', 'Advertising Terms', '<p>Prices exclude 6% SST. Subscriptions have a minimum listing period of 12 months and are renewed automatically.</p><p>Pay-per-post ads run for 30 days; amendments are free within 24 hours.</p>'],
  ['posting-guide', 'Posting Guide', '<ol><li>Choose the right category.</li><li>Write a clear title and summary.</li><li>Add real photos of your work or products.</li><li>Keep your contact details up to date.</li></ol>'],
  ['careers', 'Careers', `<p>Join the team behind ${COMPANY}. We are hiring engineers, sales executives and customer success specialists in Kuala Lumpur.</p>`],
];

export const BANNER_TITLES: Record<string, [string, string, string][]> = {
  home: [
    ['Find trusted services near you', 'Plumbers, aircon servicing, tuition and more', '/services/l'],
    ['Thousands of jobs across Malaysia', 'Apply in minutes', '/jobs/l'],
    ['Buy and sell locally', 'Great deals from people near you', '/buysell/l'],
    ['Hire skilled people', 'Tutors, designers, drivers and more', '/hireme/l'],
  ],
  'home-sub': [['Advertise your business', 'Free 30-day trial', '/advertise-on-yp'], ['Education corner', 'Tuition, classes and books', '/education/']],
  education: [
    ['Learn something new', 'Tuition centres and home tutors near you', '/services/l/education-and-tuition'],
    ['Teach with us', 'Teaching and training jobs', '/jobs/l/education-and-training'],
    ['Books and more', 'Textbooks and revision guides', '/buysell/l/hobbies-and-books/books'],
  ],
  'raya-special': [['Raya specials', 'Kuih raya, baju raya and catering', '/buysell/l'], ['Balik kampung ready', 'Car servicing before the trip', '/services/l/automotive']],
};

/** Each CMS page's title and content in Malay and Chinese, by page. */
export const CMS_PAGE_WORDS: Record<string, Record<Other, [title: string, content: string]>> = {
  'about-us': { ms: ["Tentang Kami", "<p>Yellow Pages Malaysia ialah direktori perniagaan dan pasaran iklan baris Malaysia, dengan lebih daripada 500,000 iklan baris daripada perniagaan, majikan dan individu di seluruh 13 negeri dan 3 wilayah persekutuan.</p><p>Cari perkhidmatan yang dipercayai berhampiran anda, layari kerja, upah orang dan jual beli, semuanya di satu tempat.</p>"], zh: ["关于我们", "<p>Yellow Pages Malaysia 是马来西亚的商家名录与分类广告平台，拥有来自全国 13 个州和 3 个联邦直辖区的商家、雇主和个人的 50 万多则分类广告。</p><p>寻找附近可信赖的服务、浏览工作、雇人和买卖，一站搞定。</p>"] },
  'terms-and-conditions': { ms: ["Terma dan Syarat", "<h2>1. Penggunaan laman</h2><p>Dengan menggunakan laman ini, anda bersetuju dengan terma ini. Penyenaraian disediakan oleh pengiklan, yang bertanggungjawab atas kandungannya.</p><h2>2. Penyenaraian</h2><p>Kami boleh membuang mana-mana penyenaraian yang mengelirukan, menyalahi undang-undang atau melanggar hak orang lain.</p><h2>3. Liabiliti</h2><p>Kami tidak menjamin kualiti barangan atau perkhidmatan yang ditawarkan oleh pengiklan.</p>"], zh: ["条款与条件", "<h2>1. 网站使用</h2><p>使用本网站即表示您同意这些条款。刊登内容由广告商提供，并由其负责。</p><h2>2. 刊登</h2><p>我们可删除任何误导、违法或侵犯他人权利的刊登。</p><h2>3. 责任</h2><p>我们不保证广告商所提供商品或服务的质量。</p>"] },
  'privacy-policy': { ms: ["Dasar Privasi", "<p>Kami memproses data peribadi mengikut Akta Perlindungan Data Peribadi 2010 (PDPA).</p><h2>Apa yang kami kumpul</h2><ul><li>Butiran akaun yang anda berikan kepada kami</li><li>Pertanyaan yang anda hantar kepada pengiklan</li><li>Data penggunaan untuk menambah baik perkhidmatan</li></ul><h2>Hak anda</h2><p>Anda boleh mengakses, membetulkan atau memadam data peribadi anda dengan menghubungi kami.</p>"], zh: ["隐私政策", "<p>我们依照《2010年个人资料保护法令》（PDPA）处理个人资料。</p><h2>我们收集的资料</h2><ul><li>您提供给我们的账户资料</li><li>您发送给广告商的询问</li><li>用于改进服务的使用数据</li></ul><h2>您的权利</h2><p>您可以联系我们以查阅、更正或删除您的个人资料。</p>"] },
  'faq': { ms: ["Soalan Lazim", "<h2>Adakah carian percuma?</h2><p>Ya. Mencari, melayari dan menghubungi pengiklan adalah percuma.</p><h2>Bagaimana saya menyenaraikan perniagaan saya?</h2><p>Pilih pakej di halaman Pengiklanan. Setiap pakej bermula dengan percubaan percuma 30 hari.</p><h2>Bagaimana saya melaporkan penyenaraian?</h2><p>Gunakan pautan Laporkan pada mana-mana penyenaraian.</p>"], zh: ["常见问题", "<h2>搜索是免费的吗？</h2><p>是的。搜索、浏览和联系广告商都是免费的。</p><h2>如何刊登我的商家？</h2><p>在广告页面选择一个配套。每个配套都从 30 天免费试用开始。</p><h2>如何举报刊登？</h2><p>使用任何刊登上的举报链接。</p>"] },
  'advertising-terms': { ms: ["Terma Pengiklanan", "<p>Harga tidak termasuk SST 6%. Langganan mempunyai tempoh penyenaraian minimum 12 bulan dan diperbaharui secara automatik.</p><p>Iklan bayar setiap siaran berjalan selama 30 hari; pindaan adalah percuma dalam tempoh 24 jam.</p>"], zh: ["广告条款", "<p>价格不含 6% SST。订阅的最短刊登期为 12 个月，并会自动续期。</p><p>按帖付费的广告刊登 30 天；24 小时内修改免费。</p>"] },
  'posting-guide': { ms: ["Panduan Menyiarkan Iklan", "<ol><li>Pilih kategori yang betul.</li><li>Tulis tajuk dan ringkasan yang jelas.</li><li>Tambah foto sebenar kerja atau produk anda.</li><li>Pastikan butiran hubungan anda terkini.</li></ol>"], zh: ["刊登指南", "<ol><li>选择正确的类别。</li><li>写下清楚的标题和摘要。</li><li>添加您的作品或产品的真实照片。</li><li>保持联系资料最新。</li></ol>"] },
  'careers': { ms: ["Kerjaya", "<p>Sertai pasukan di sebalik Yellow Pages Malaysia. Kami sedang mengambil jurutera, eksekutif jualan dan pakar kejayaan pelanggan di Kuala Lumpur.</p>"], zh: ["职业机会", "<p>加入 Yellow Pages Malaysia 背后的团队。我们正在吉隆坡招聘工程师、销售专员和客户成功专员。</p>"] },
};

/** Each banner's words in Malay and Chinese, by its English words. */
export const BANNER_WORDS: Record<string, Record<Other, string>> = {
  "Find trusted services near you": { ms: "Cari perkhidmatan dipercayai berhampiran anda", zh: "寻找附近可信赖的服务" },
  "Plumbers, aircon servicing, tuition and more": { ms: "Tukang paip, servis aircond, tuisyen dan banyak lagi", zh: "水管工、冷气保养、补习等等" },
  "Thousands of jobs across Malaysia": { ms: "Ribuan kerja di seluruh Malaysia", zh: "全马数以千计的工作" },
  "Apply in minutes": { ms: "Mohon dalam beberapa minit", zh: "几分钟内即可申请" },
  "Buy and sell locally": { ms: "Jual beli di kawasan anda", zh: "在本地买卖" },
  "Great deals from people near you": { ms: "Tawaran hebat daripada orang berhampiran anda", zh: "来自附近的超值好物" },
  "Hire skilled people": { ms: "Upah orang yang mahir", zh: "雇用有技能的人" },
  "Tutors, designers, drivers and more": { ms: "Guru tuisyen, pereka, pemandu dan banyak lagi", zh: "补习老师、设计师、司机等等" },
  "Advertise your business": { ms: "Iklankan perniagaan anda", zh: "为您的商家打广告" },
  "Free 30-day trial": { ms: "Percubaan percuma 30 hari", zh: "30 天免费试用" },
  "Education corner": { ms: "Sudut pendidikan", zh: "教育专区" },
  "Tuition, classes and books": { ms: "Tuisyen, kelas dan buku", zh: "补习、课程与书籍" },
  "Learn something new": { ms: "Belajar sesuatu yang baharu", zh: "学点新东西" },
  "Tuition centres and home tutors near you": { ms: "Pusat tuisyen dan guru tuisyen rumah berhampiran anda", zh: "附近的补习中心和家教" },
  "Teach with us": { ms: "Mengajar bersama kami", zh: "与我们一起教学" },
  "Teaching and training jobs": { ms: "Kerja mengajar dan latihan", zh: "教学与培训工作" },
  "Books and more": { ms: "Buku dan banyak lagi", zh: "书籍等等" },
  "Textbooks and revision guides": { ms: "Buku teks dan buku ulang kaji", zh: "课本与复习指南" },
  "Raya specials": { ms: "Istimewa Raya", zh: "开斋节特辑" },
  "Kuih raya, baju raya and catering": { ms: "Kuih raya, baju raya dan katering", zh: "开斋节糕点、节日服装与外烩" },
  "Balik kampung ready": { ms: "Sedia balik kampung", zh: "回乡准备" },
  "Car servicing before the trip": { ms: "Servis kereta sebelum perjalanan", zh: "出发前保养汽车" },
};

/** A type home's banners name a main category and say "Browse {name} near you" (the name in the language's words). */
export const BROWSE_NEAR: Record<Locale, (name: string) => string> = {
  en: (name) => `Browse ${name.toLowerCase()} near you`,
  ms: (name) => `Layari ${name.toLowerCase()} berhampiran anda`,
  zh: (name) => `浏览附近的${name}`,
};
