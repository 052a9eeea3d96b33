/** Word pools for realistic Malaysian names, businesses and copy. */

export const MALAY_MALE = ['Ahmad', 'Muhammad', 'Mohd Faizal', 'Azman', 'Hafiz', 'Syafiq', 'Amirul', 'Khairul', 'Zulkifli', 'Rizal', 'Firdaus', 'Hakim', 'Imran', 'Nazri', 'Shahrul'];
export const MALAY_FEMALE = ['Nur Aisyah', 'Siti Nurhaliza', 'Nurul Izzah', 'Farah', 'Aina', 'Zarina', 'Nor Azlina', 'Syazwani', 'Hidayah', 'Liyana', 'Amira', 'Fatimah', 'Noraini', 'Suraya', 'Intan'];
export const MALAY_FATHERS = ['Ismail', 'Abdullah', 'Rahman', 'Hassan', 'Yusof', 'Ibrahim', 'Osman', 'Salleh', 'Kamal', 'Razak', 'Hamid', 'Mansor'];
export const CHINESE_SURNAMES = ['Tan', 'Lim', 'Lee', 'Ng', 'Wong', 'Chan', 'Ong', 'Teh', 'Goh', 'Chong', 'Yap', 'Low', 'Khoo', 'Cheah', 'Liew'];
export const CHINESE_GIVEN = ['Wei Ming', 'Mei Ling', 'Kah Wai', 'Siew Lan', 'Jia Hui', 'Chee Keong', 'Li Ying', 'Boon Hock', 'Xin Yi', 'Kok Leong', 'Pei Shan', 'Yong Sheng'];
export const INDIAN_MALE = ['Suresh', 'Rajesh', 'Kumar', 'Ganesh', 'Arun', 'Vijay', 'Prakash', 'Ravi', 'Siva', 'Murali'];
export const INDIAN_FEMALE = ['Priya', 'Kavitha', 'Deepa', 'Lakshmi', 'Anitha', 'Shalini', 'Revathi', 'Malathi'];
export const INDIAN_FATHERS = ['Muthu', 'Raman', 'Subramaniam', 'Krishnan', 'Arumugam', 'Pillai', 'Nair', 'Gopal'];

export const BUSINESS_PREFIXES = ['Maju', 'Jaya', 'Sinar', 'Cahaya', 'Gemilang', 'Sri', 'Kenanga', 'Harmoni', 'Golden', 'Lucky', 'Hup Seng', 'Wing Lee', 'Ah Seng', 'Bintang', 'Mega', 'Pro', 'Prima', 'Citra', 'Delta', 'Everbright', 'Hong Kee', 'Sentosa', 'Mutiara', 'Star', 'United', 'Kasturi', 'Berjaya', 'Sunrise', 'Green Leaf', 'Bestari', 'Alpha', 'Nusantara', 'Kinta', 'Seri Murni', 'Teguh', 'Zenith'];
export const BUSINESS_SUFFIXES = ['Sdn Bhd', 'Enterprise', 'Trading', 'Services', 'Resources', 'Solutions', 'Sdn. Bhd.', 'PLT', '& Co'];

export const BADGES = ['Verified Business', 'Top Rated', 'Fast Response', 'Halal Certified', 'SSM Registered', 'Family Owned'];

export const SERVICE_TITLE_TEMPLATES = [
  '{cat} in {city}',
  'Professional {cat} Service',
  'Affordable {cat} – {city} & Nearby',
  '24-Hour {cat}',
  '{cat} by {business}',
  'Trusted {cat} Specialist',
  'Same-Day {cat} in {state}',
  '{cat} Packages from RM{price}',
];

export const SERVICE_SELLING_POINTS = [
  'Free quotation and site inspection.', 'Experienced and certified team.', 'Transparent pricing with no hidden charges.',
  'Serving homes and offices since {year}.', 'Warranty on all workmanship.', 'Weekend and public holiday appointments available.',
  'Fast response within the same day.', 'Friendly staff who speak English, Bahasa Malaysia and Mandarin.',
  'Trusted by more than {n} customers.', 'Cashless payment accepted: DuitNow, cards and e-wallets.',
];

export const JOB_TITLE_MODIFIERS = ['', '', 'Senior ', 'Junior ', '', 'Assistant '];
export const JOB_TITLE_SUFFIXES = ['', '', ' (Immediate Hiring)', ' – {city}', ' (Walk-in Interview)', ''];

export const JOB_REQUIREMENTS = [
  'Candidate must possess at least SPM, Diploma or Degree in a related field.', 'At least {years} year(s) of working experience in the related field.',
  'Able to communicate in English and Bahasa Malaysia; Mandarin is an advantage.', 'Own transport and willing to travel.',
  'Computer literate with good knowledge of Microsoft Office.', 'Able to work independently and in a team.',
  'Malaysian citizens only.', 'Able to start work immediately.', 'Willing to work on rotating shifts.',
];
export const JOB_RESPONSIBILITIES = [
  'Handle daily operations and report to the supervisor.', 'Prepare reports and maintain accurate records.',
  'Serve customers and resolve enquiries promptly.', 'Coordinate with other departments to meet deadlines.',
  'Follow company procedures and safety guidelines.', 'Assist in stock taking and inventory control.',
  'Support the manager in planning and ad-hoc tasks.', 'Train and guide new team members.',
];
export const JOB_BENEFITS = [
  'EPF, SOCSO and EIS', 'Annual leave and medical leave', 'Performance bonus', 'Medical and dental coverage',
  'Overtime pay', 'Free parking', 'Staff training and career growth', 'Hybrid working arrangement', 'Meal allowance', 'Annual increment',
];

export const HIREME_SKILLS = [
  'Reliable and punctual with good references.', 'Patient, friendly and easy to work with.', 'Detail-oriented and able to follow instructions.',
  'Own tools and transport.', 'Comfortable working weekends.', 'Able to work in English and Bahasa Malaysia.',
];

export const REVIEW_TEXTS: [number, string][] = [
  [5, 'Excellent service, very professional and on time. Highly recommended!'],
  [5, 'Friendly staff and reasonable price. Will come back again.'],
  [5, 'Solved my problem quickly. Terima kasih!'],
  [4, 'Good service overall, a bit late but the work quality is good.'],
  [4, 'Value for money. Communication could be faster.'],
  [4, 'Satisfied with the result, neat and tidy work.'],
  [3, 'Average experience. Price is okay but took longer than promised.'],
  [3, 'Service was fine, nothing special.'],
  [2, 'Had to follow up several times before they came.'],
  [1, 'Not happy with the service, the problem came back after a week.'],
];

export const PHOTO_CAPTIONS = ['Our shop front', 'Our team at work', 'Completed project', 'Before and after', 'Our showroom', 'Happy customer', 'Product close-up', 'Work in progress'];
