/**
 * What a message talks of, in words of English, Malay, Manglish and Chinese (issue 64): the classifier reads these
 * concepts beside its character n-grams, alone and in pairs (an authority and a payment; a prize and a fee), so what
 * it learns from a Malay message carries to the Chinese and English ones. Each concept is a pattern over the text as
 * the rules read it (`normaliseMessage`).
 */
const CONCEPTS: Record<string, RegExp> = {
  pay: /\b(?:pay|paid|payment|bayar|bayaran|transfer|trf|tf|bank[ -]?in|pindah\w*|settle|jelaskan|deposit|top[ -]?up|tambah nilai|send (?:the |me )?(?:money|rm)|duit|money|wang)\b|转账|轉賬|付|汇|匯|打钱|过数|過數|缴|繳|交钱|充值|垫付|转给|转过来|转到/,
  first: /\b(?:first|1st|dulu|dahulu|awal|in advance|upfront|beforehand|before|prior to|sebelum|baru (?:saya|i|boleh)|only (?:then|after)|then only)\b|先|之前|才/,
  fee: /\b(?:fee|fees|charge|charges|caj|yuran|cost|tax|cukai|duty|duti|insurance|insurans|clearance|pelepasan|permit|certificate|cert|sijil|penalty|denda|fine)\b|费|税|罚款|保证金|执照/,
  account: /\b(?:acc|account|akaun|a\/c|qr|duitnow|e-?wallet|e-?dompet|tng|touch ?n ?go|boost|grabpay|maybank|cimb|rhb|public ?bank|bank islam|hong ?leong|ambank)\b|户口|戶口|账户|帐户|二维码|银行/,
  outside: /\b(?:outside (?:this |the )?(?:app|platform|site)|directly|terus|tak payah guna|not? (?:cod|meet)|cannot (?:meet|cod)|tak (?:boleh )?(?:jumpa|cod)|no cod|tak buat cod)\b|不面交|不接受面交|不要在平台|没办法面交|不能见面/,
  viewing: /\b(?:view|viewing|see the|tengok|lihat|melihat|tunjuk|show (?:you|the)|address|alamat|location|lokasi|keys?)\b|看房|看屋|看车|看單位|看单位|带你|地址|钥匙/,
  hold: /\b(?:booking|book|reserve|reservation|hold|holding|lock|secure|tempah\w*|cengkeram|pendahuluan)\b|订金|定金|押金|预订|订钱/,
  link: /\b(?:https?:\/\/|www\.|bit\.ly|tinyurl|s\.id|rb\.gy|cutt\.ly|t\.ly|wa\.me|[a-z0-9-]+\.(?:com|my|net|xyz|top|online|site|click|info|support|delivery))|链接|連結|pautan|link/,
  short: /\b(?:bit\.ly|tinyurl\.com|s\.id|rb\.gy|cutt\.ly|t\.ly|goo\.gl(?!\/maps)|is\.gd|shorturl|\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})\b/,
  code: /\b(?:tac|otp|code|kod|pin|verification|pengesahan|one-time|6[ -]?digit|0 digit|0 number|nombor pengesahan|security code)\b|验证码|驗證碼|短信码|确认码|码/,
  give: /\b(?:send|give|share|forward|tell|bagi|beri|berikan|hantar|kongsi\w*|screenshot|paste|reply with|read out|bacakan|what(?:'s| is))\b|发给|給我|给我|告诉|转发|截图|发我|传给/,
  received: /\b(?:received|receive|got|came in|come in|masuk|dapat|just (?:got|now)|terima)\b|收到|刚才|剛才/,
  authority: /\b(?:police|polis|pdrm|bukit aman|inspector|inspektor|officer|pegawai|court|mahkamah|summons?|saman|lhdn|hasil|jpj|bank negara|customs|kastam|mcmc|fraud department|safety team|pasukan keselamatan|investigation|siasatan)\b|警察|警官|法庭|传票|税务局|国家银行|海关|反诈骗|客服|调查/,
  threat: /\b(?:arrest|tangkap|warrant|waran|frozen|freeze|beku\w*|suspended|digantung|blacklist\w*|senarai hitam|travel ban|prosecution|court|money laundering|pengubahan wang|illegal|larangan|jail|penjara|bail|jamin)\b|逮捕|冻结|凍結|洗黑钱|禁止出国|违禁品|解封|被举报/,
  parcel: /\b(?:parcel|package|bungkusan|courier|kurier|delivery|penghantaran|shipment|shipping|customs|kastam|warehouse|gudang|port|klia|lorry|forwarder)\b|包裹|快递|派送|海关|仓库|货柜|运输/,
  release: /\b(?:release|held|hold|stuck|detained|ditahan|tertahan|tersangkut|reschedule|redeliver\w*|returned|dipulangkan|clearance|pelepasan)\b|扣留|被扣|放行|清关|卡在|重新派送|退回/,
  task: /\b(?:task|tasks|tugasan|part[ -]?time|sambilan|like (?:youtube|video|tiktok)|follow|rate|rating|review|ulasan|commission|komisen|combo|order(?:s)? online|data entry|kemasukan data|vip|level)\b|任务|刷单|兼职|佣金|点赞|评论员|组合任务|数据输入/,
  job: /\b(?:job|kerja|jawatan|salary|gaji|hiring|hr|shortlisted|terpilih|work from home|dari rumah|earn|dapat rm)\b|工作|招聘|薪水|录取|开工|在家/,
  unlock: /\b(?:activate|aktifkan|unlock|withdraw|keluarkan|registration|pendaftaran|training|licen[cs]e|lesen|software|perisian|prepay|processing)\b|激活|提现|报名|软件|手续费/,
  invest: /\b(?:invest\w*|labur\w*|pelaburan|profit|untung|keuntungan|returns?|pulangan|forex|crypto|usdt|bitcoin|trading|gold|emas|fund manager|scheme|skim|capital|modal|arbitrage|stock)\b|投资|利润|回酬|收益|外汇|加密|黄金|交易平台|本金|套利/,
  guarantee: /\b(?:guarantee\w*|dijamin|jamin|sure (?:win|untung|double)|confirm (?:untung|profit)|no risk|tiada risiko|takde risiko|double|ganda\w*|promise|protected|selamat)\b|保证|保證|稳赚|翻倍|零风险|保障|\d+ ?(?:x|kali)\b/,
  rate: /\b\d+ ?% ?(?:weekly|monthly|daily|a (?:week|month|day)|seminggu|sebulan|sehari)|\b0+ ?% (?:seminggu|sebulan|sehari)|每(?:天|周|月|个月)\d*%|\b(?:weekly|monthly|daily) \d+ ?%|\d+ ?% (?:profit|return)/,
  prize: /\b(?:won|win|winner|menang|pemenang|lucky|bertuah|prize|hadiah|giveaway|selected|terpilih|voucher|baucar|congratulations|congrats|tahniah|reward|free gift)\b|中奖|赢得|抽中|幸运|大奖|奖|礼券|恭喜|赠送/,
  claim: /\b(?:claim|tuntut|collect|receive|terima|redeem|release)\b|领取|领奖|领车|发放/,
  abroad: /\b(?:overseas|oversea|abroad|luar negara|offshore|singapore|singapura|brunei|dubai|australia|uk|hong ?kong|oil rig|pelantar|on a ship|soldier|askar|deployment|deployed|posted to|outstation|east malaysia)\b|国外|海外|新加坡|香港|澳洲|船上|东马|派到/,
  agent: /\b(?:agent|ejen|runner|logistic\w*|shipping company|syarikat penghantaran|cousin|brother|adik|friend|kawan|courier agent)\b|代理|表哥|朋友|物流|运输公司/,
  full: /\b(?:full(?:y)? pa(?:y|id)|full payment|pay(?:ment)? (?:in )?full|bayar(?:an)? penuh|full amount|whole amount|100%|full dulu)\b|全款|付清|全额/,
  overpaid: /\b(?:overpaid|overpay|over paid|terlebih|accidentally|by mistake|tersalah|tersilap|wrong amount|pay double|paid double|instead of)\b|多转|多付|转错|不小心/,
  refund: /\b(?:refund|return|pulangkan|balance|baki|difference|extra|lebihan|send .{0,12}back)\b|退|差额|多出来/,
  proof: /\b(?:screenshot|tangkap layar|cheque|receipt|resit|slip|proof|confirmation|pending|processing|maintenance|on hold|working days|hari bekerja|24 hours|successful|berjaya)\b|截图|收据|处理中|维修|工作天|成功/,
  ship: /\b(?:ship|post|pos|send|hantar|deliver|release|courier)\b|寄|发货|出货|送货|交货/,
  negation: /\b(?:never|don't|dont|do not|jangan|tak akan|tidak akan|won't|will not|no need)\b|不要|别|切勿|不会/,
};

const NAMES = Object.keys(CONCEPTS);

/** The concepts a normalised message talks of, as features: each alone ('c:pay') and each pair ('c:pay+first'). */
export function conceptFeatures(normalised: string): string[] {
  const found = NAMES.filter((name) => CONCEPTS[name]!.test(normalised));
  const out = found.map((name) => `c:${name}`);
  for (let a = 0; a < found.length; a++) for (let b = a + 1; b < found.length; b++) out.push(`c:${found[a]}+${found[b]}`);
  return out;
}
