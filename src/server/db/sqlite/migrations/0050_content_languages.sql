-- Banners and CMS pages in Malay and Chinese (issue 63), as category_names has for categories: a row per language
-- beside the English one, which a missing row falls back to. A database seeded before gets the seed's words: a CMS
-- page by its name while its English title is still the seed's, a banner by its English words.
CREATE TABLE banner_texts (
  banner_id INTEGER NOT NULL REFERENCES banners(id) ON DELETE CASCADE,
  locale TEXT NOT NULL CHECK (locale IN ('ms', 'zh')),
  title TEXT NOT NULL,
  subtitle TEXT,
  PRIMARY KEY (banner_id, locale)
);
CREATE TABLE cms_page_texts (
  page TEXT NOT NULL REFERENCES cms_pages(page) ON DELETE CASCADE,
  locale TEXT NOT NULL CHECK (locale IN ('ms', 'zh')),
  article_title TEXT NOT NULL,
  article_content TEXT NOT NULL,
  PRIMARY KEY (page, locale)
);

CREATE TEMP TABLE seed_pages (page TEXT, english_title TEXT, locale TEXT, title TEXT, content TEXT);
INSERT INTO seed_pages VALUES
  ('about-us', 'About Us', 'ms', 'Tentang Kami', '<p>Yellow Pages Malaysia ialah direktori perniagaan dan pasaran iklan baris Malaysia, dengan lebih daripada 500,000 iklan baris daripada perniagaan, majikan dan individu di seluruh 13 negeri dan 3 wilayah persekutuan.</p><p>Cari perkhidmatan yang dipercayai berhampiran anda, layari kerja, upah orang dan jual beli, semuanya di satu tempat.</p>'),
  ('about-us', 'About Us', 'zh', '关于我们', '<p>Yellow Pages Malaysia 是马来西亚的商家名录与分类广告平台，拥有来自全国 13 个州和 3 个联邦直辖区的商家、雇主和个人的 50 万多则分类广告。</p><p>寻找附近可信赖的服务、浏览工作、雇人和买卖，一站搞定。</p>'),
  ('terms-and-conditions', 'Terms and Conditions', 'ms', 'Terma dan Syarat', '<h2>1. Penggunaan laman</h2><p>Dengan menggunakan laman ini, anda bersetuju dengan terma ini. Penyenaraian disediakan oleh pengiklan, yang bertanggungjawab atas kandungannya.</p><h2>2. Penyenaraian</h2><p>Kami boleh membuang mana-mana penyenaraian yang mengelirukan, menyalahi undang-undang atau melanggar hak orang lain.</p><h2>3. Liabiliti</h2><p>Kami tidak menjamin kualiti barangan atau perkhidmatan yang ditawarkan oleh pengiklan.</p>'),
  ('terms-and-conditions', 'Terms and Conditions', 'zh', '条款与条件', '<h2>1. 网站使用</h2><p>使用本网站即表示您同意这些条款。刊登内容由广告商提供，并由其负责。</p><h2>2. 刊登</h2><p>我们可删除任何误导、违法或侵犯他人权利的刊登。</p><h2>3. 责任</h2><p>我们不保证广告商所提供商品或服务的质量。</p>'),
  ('privacy-policy', 'Privacy Policy', 'ms', 'Dasar Privasi', '<p>Kami memproses data peribadi mengikut Akta Perlindungan Data Peribadi 2010 (PDPA).</p><h2>Apa yang kami kumpul</h2><ul><li>Butiran akaun yang anda berikan kepada kami</li><li>Pertanyaan yang anda hantar kepada pengiklan</li><li>Data penggunaan untuk menambah baik perkhidmatan</li></ul><h2>Hak anda</h2><p>Anda boleh mengakses, membetulkan atau memadam data peribadi anda dengan menghubungi kami.</p>'),
  ('privacy-policy', 'Privacy Policy', 'zh', '隐私政策', '<p>我们依照《2010年个人资料保护法令》（PDPA）处理个人资料。</p><h2>我们收集的资料</h2><ul><li>您提供给我们的账户资料</li><li>您发送给广告商的询问</li><li>用于改进服务的使用数据</li></ul><h2>您的权利</h2><p>您可以联系我们以查阅、更正或删除您的个人资料。</p>'),
  ('faq', 'Frequently Asked Questions', 'ms', 'Soalan Lazim', '<h2>Adakah carian percuma?</h2><p>Ya. Mencari, melayari dan menghubungi pengiklan adalah percuma.</p><h2>Bagaimana saya menyenaraikan perniagaan saya?</h2><p>Pilih pakej di halaman Pengiklanan. Setiap pakej bermula dengan percubaan percuma 30 hari.</p><h2>Bagaimana saya melaporkan penyenaraian?</h2><p>Gunakan pautan Laporkan pada mana-mana penyenaraian.</p>'),
  ('faq', 'Frequently Asked Questions', 'zh', '常见问题', '<h2>搜索是免费的吗？</h2><p>是的。搜索、浏览和联系广告商都是免费的。</p><h2>如何刊登我的商家？</h2><p>在广告页面选择一个配套。每个配套都从 30 天免费试用开始。</p><h2>如何举报刊登？</h2><p>使用任何刊登上的举报链接。</p>'),
  ('advertising-terms', 'Advertising Terms', 'ms', 'Terma Pengiklanan', '<p>Harga tidak termasuk SST 6%. Langganan mempunyai tempoh penyenaraian minimum 12 bulan dan diperbaharui secara automatik.</p><p>Iklan bayar setiap siaran berjalan selama 30 hari; pindaan adalah percuma dalam tempoh 24 jam.</p>'),
  ('advertising-terms', 'Advertising Terms', 'zh', '广告条款', '<p>价格不含 6% SST。订阅的最短刊登期为 12 个月，并会自动续期。</p><p>按帖付费的广告刊登 30 天；24 小时内修改免费。</p>'),
  ('posting-guide', 'Posting Guide', 'ms', 'Panduan Menyiarkan Iklan', '<ol><li>Pilih kategori yang betul.</li><li>Tulis tajuk dan ringkasan yang jelas.</li><li>Tambah foto sebenar kerja atau produk anda.</li><li>Pastikan butiran hubungan anda terkini.</li></ol>'),
  ('posting-guide', 'Posting Guide', 'zh', '刊登指南', '<ol><li>选择正确的类别。</li><li>写下清楚的标题和摘要。</li><li>添加您的作品或产品的真实照片。</li><li>保持联系资料最新。</li></ol>'),
  ('careers', 'Careers', 'ms', 'Kerjaya', '<p>Sertai pasukan di sebalik Yellow Pages Malaysia. Kami sedang mengambil jurutera, eksekutif jualan dan pakar kejayaan pelanggan di Kuala Lumpur.</p>'),
  ('careers', 'Careers', 'zh', '职业机会', '<p>加入 Yellow Pages Malaysia 背后的团队。我们正在吉隆坡招聘工程师、销售专员和客户成功专员。</p>');
INSERT OR IGNORE INTO cms_page_texts (page, locale, article_title, article_content)
  SELECT s.page, s.locale, s.title, s.content FROM seed_pages s JOIN cms_pages p ON p.page = s.page AND p.article_title = s.english_title;

CREATE TEMP TABLE seed_words (english TEXT, locale TEXT, words TEXT);
INSERT INTO seed_words VALUES
  ('Find trusted services near you', 'ms', 'Cari perkhidmatan dipercayai berhampiran anda'),
  ('Find trusted services near you', 'zh', '寻找附近可信赖的服务'),
  ('Plumbers, aircon servicing, tuition and more', 'ms', 'Tukang paip, servis aircond, tuisyen dan banyak lagi'),
  ('Plumbers, aircon servicing, tuition and more', 'zh', '水管工、冷气保养、补习等等'),
  ('Thousands of jobs across Malaysia', 'ms', 'Ribuan kerja di seluruh Malaysia'),
  ('Thousands of jobs across Malaysia', 'zh', '全马数以千计的工作'),
  ('Apply in minutes', 'ms', 'Mohon dalam beberapa minit'),
  ('Apply in minutes', 'zh', '几分钟内即可申请'),
  ('Buy and sell locally', 'ms', 'Jual beli di kawasan anda'),
  ('Buy and sell locally', 'zh', '在本地买卖'),
  ('Great deals from people near you', 'ms', 'Tawaran hebat daripada orang berhampiran anda'),
  ('Great deals from people near you', 'zh', '来自附近的超值好物'),
  ('Hire skilled people', 'ms', 'Upah orang yang mahir'),
  ('Hire skilled people', 'zh', '雇用有技能的人'),
  ('Tutors, designers, drivers and more', 'ms', 'Guru tuisyen, pereka, pemandu dan banyak lagi'),
  ('Tutors, designers, drivers and more', 'zh', '补习老师、设计师、司机等等'),
  ('Advertise your business', 'ms', 'Iklankan perniagaan anda'),
  ('Advertise your business', 'zh', '为您的商家打广告'),
  ('Free 30-day trial', 'ms', 'Percubaan percuma 30 hari'),
  ('Free 30-day trial', 'zh', '30 天免费试用'),
  ('Education corner', 'ms', 'Sudut pendidikan'),
  ('Education corner', 'zh', '教育专区'),
  ('Tuition, classes and books', 'ms', 'Tuisyen, kelas dan buku'),
  ('Tuition, classes and books', 'zh', '补习、课程与书籍'),
  ('Learn something new', 'ms', 'Belajar sesuatu yang baharu'),
  ('Learn something new', 'zh', '学点新东西'),
  ('Tuition centres and home tutors near you', 'ms', 'Pusat tuisyen dan guru tuisyen rumah berhampiran anda'),
  ('Tuition centres and home tutors near you', 'zh', '附近的补习中心和家教'),
  ('Teach with us', 'ms', 'Mengajar bersama kami'),
  ('Teach with us', 'zh', '与我们一起教学'),
  ('Teaching and training jobs', 'ms', 'Kerja mengajar dan latihan'),
  ('Teaching and training jobs', 'zh', '教学与培训工作'),
  ('Books and more', 'ms', 'Buku dan banyak lagi'),
  ('Books and more', 'zh', '书籍等等'),
  ('Textbooks and revision guides', 'ms', 'Buku teks dan buku ulang kaji'),
  ('Textbooks and revision guides', 'zh', '课本与复习指南'),
  ('Raya specials', 'ms', 'Istimewa Raya'),
  ('Raya specials', 'zh', '开斋节特辑'),
  ('Kuih raya, baju raya and catering', 'ms', 'Kuih raya, baju raya dan katering'),
  ('Kuih raya, baju raya and catering', 'zh', '开斋节糕点、节日服装与外烩'),
  ('Balik kampung ready', 'ms', 'Sedia balik kampung'),
  ('Balik kampung ready', 'zh', '回乡准备'),
  ('Car servicing before the trip', 'ms', 'Servis kereta sebelum perjalanan'),
  ('Car servicing before the trip', 'zh', '出发前保养汽车');
INSERT OR IGNORE INTO banner_texts (banner_id, locale, title, subtitle)
  SELECT b.id, t.locale, t.words, coalesce(s.words, b.subtitle) FROM banners b
  JOIN seed_words t ON t.english = b.title
  LEFT JOIN seed_words s ON s.english = b.subtitle AND s.locale = t.locale;

-- A type home's banners name one of its main categories and say "Browse {name} near you": in the category's names.
INSERT OR IGNORE INTO banner_texts (banner_id, locale, title, subtitle)
  SELECT b.id, n.locale, n.name, CASE n.locale WHEN 'ms' THEN 'Layari ' || lower(n.name) || ' berhampiran anda' ELSE '浏览附近的' || n.name END
  FROM banners b
  JOIN categories c ON c.type = b.placement AND c.parent_id IS NULL AND c.name = b.title
  JOIN category_names n ON n.category_id = c.id
  WHERE b.subtitle = 'Browse ' || lower(b.title) || ' near you';

DROP TABLE seed_pages;
DROP TABLE seed_words;
