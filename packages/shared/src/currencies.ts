/**
 * Currencies (spec §3): the main list the settings offer first, and the table with code, symbol,
 * native symbol, names, decimal digits (0, 2 or 3), rounding and plural name. Money is stored in
 * integer minor units with the currency's decimal digits.
 */
export type Currency = {
  code: string;
  symbol: string;
  symbolNative: string;
  name: string;
  nameAr: string;
  namePlural: string;
  decimalDigits: 0 | 2 | 3;
  rounding: number;
};

export const MAIN_CURRENCIES = ['SAR', 'USD', 'BHD', 'AED', 'OMR', 'QAR', 'EGP', 'JOD', 'DZD', 'IQD', 'KWD', 'TND', 'MAD', 'LBP', 'SDG', 'SYP', 'YER'] as const;

const c = (code: string, symbol: string, symbolNative: string, name: string, nameAr: string, namePlural: string, decimalDigits: 0 | 2 | 3, rounding = 0): Currency => ({
  code,
  symbol,
  symbolNative,
  name,
  nameAr,
  namePlural,
  decimalDigits,
  rounding,
});

/**
 * The currency table: the main list first, then the "Common-Currency" set (code, symbol, native
 * symbol, name, decimal digits, rounding, plural name) with Arabic names, and the ISO 4217 currencies
 * it lacks, with their ISO minor units.
 */
export const CURRENCIES: readonly Currency[] = [
  c('SAR', 'SR', 'ر.س.‏', 'Saudi Riyal', 'ريال سعودي', 'Saudi riyals', 2),
  c('USD', '$', '$', 'US Dollar', 'دولار أمريكي', 'US dollars', 2),
  c('BHD', 'BD', 'د.ب.‏', 'Bahraini Dinar', 'دينار بحريني', 'Bahraini dinars', 3),
  c('AED', 'AED', 'د.إ.‏', 'United Arab Emirates Dirham', 'درهم إماراتي', 'UAE dirhams', 2),
  c('OMR', 'OMR', 'ر.ع.‏', 'Omani Rial', 'ريال عماني', 'Omani rials', 3),
  c('QAR', 'QR', 'ر.ق.‏', 'Qatari Rial', 'ريال قطري', 'Qatari rials', 2),
  c('EGP', 'EGP', 'ج.م.‏', 'Egyptian Pound', 'جنيه مصري', 'Egyptian pounds', 2),
  c('JOD', 'JD', 'د.أ.‏', 'Jordanian Dinar', 'دينار أردني', 'Jordanian dinars', 3),
  c('DZD', 'DA', 'د.ج.‏', 'Algerian Dinar', 'دينار جزائري', 'Algerian dinars', 2),
  c('IQD', 'IQD', 'د.ع.‏', 'Iraqi Dinar', 'دينار عراقي', 'Iraqi dinars', 0),
  c('KWD', 'KD', 'د.ك.‏', 'Kuwaiti Dinar', 'دينار كويتي', 'Kuwaiti dinars', 3),
  c('TND', 'DT', 'د.ت.‏', 'Tunisian Dinar', 'دينار تونسي', 'Tunisian dinars', 3),
  c('MAD', 'MAD', 'د.م.‏', 'Moroccan Dirham', 'درهم مغربي', 'Moroccan dirhams', 2),
  c('LBP', 'LB£', 'ل.ل.‏', 'Lebanese Pound', 'ليرة لبنانية', 'Lebanese pounds', 0),
  c('SDG', 'SDG', 'ج.س.', 'Sudanese Pound', 'جنيه سوداني', 'Sudanese pounds', 2),
  c('SYP', 'SY£', 'ل.س.‏', 'Syrian Pound', 'ليرة سورية', 'Syrian pounds', 0),
  c('YER', 'YR', 'ر.ي.‏', 'Yemeni Rial', 'ريال يمني', 'Yemeni rials', 0),
  c('CAD', 'CA$', '$', 'Canadian Dollar', 'دولار كندي', 'Canadian dollars', 2),
  c('EUR', '€', '€', 'Euro', 'يورو', 'euros', 2),
  c('AFN', 'Af', '؋', 'Afghan Afghani', 'أفغاني أفغانستاني', 'Afghan Afghanis', 0),
  c('ALL', 'ALL', 'Lek', 'Albanian Lek', 'ليك ألباني', 'Albanian lekë', 0),
  c('AMD', 'AMD', 'դր.', 'Armenian Dram', 'درام أرميني', 'Armenian drams', 0),
  c('ARS', 'AR$', '$', 'Argentine Peso', 'بيزو أرجنتيني', 'Argentine pesos', 2),
  c('AUD', 'AU$', '$', 'Australian Dollar', 'دولار أسترالي', 'Australian dollars', 2),
  c('AZN', 'man.', 'ман.', 'Azerbaijani Manat', 'مانات أذربيجاني', 'Azerbaijani manats', 2),
  c('BAM', 'KM', 'KM', 'Bosnia-Herzegovina Convertible Mark', 'مارك بوسني قابل للتحويل', 'Bosnia-Herzegovina convertible marks', 2),
  c('BDT', 'Tk', '৳', 'Bangladeshi Taka', 'تاكا بنغلاديشي', 'Bangladeshi takas', 2),
  c('BGN', 'BGN', 'лв.', 'Bulgarian Lev', 'ليف بلغاري', 'Bulgarian leva', 2),
  c('BIF', 'FBu', 'FBu', 'Burundian Franc', 'فرنك بوروندي', 'Burundian francs', 0),
  c('BND', 'BN$', '$', 'Brunei Dollar', 'دولار بروناي', 'Brunei dollars', 2),
  c('BOB', 'Bs', 'Bs', 'Bolivian Boliviano', 'بوليفيانو بوليفي', 'Bolivian bolivianos', 2),
  c('BRL', 'R$', 'R$', 'Brazilian Real', 'ريال برازيلي', 'Brazilian reals', 2),
  c('BWP', 'BWP', 'P', 'Botswanan Pula', 'بولا بوتسواني', 'Botswanan pulas', 2),
  c('BYR', 'BYR', 'BYR', 'Belarusian Ruble', 'روبل بيلاروسي', 'Belarusian rubles', 0),
  c('BZD', 'BZ$', '$', 'Belize Dollar', 'دولار بليزي', 'Belize dollars', 2),
  c('CDF', 'CDF', 'FrCD', 'Congolese Franc', 'فرنك كونغولي', 'Congolese francs', 2),
  c('CHF', 'CHF', 'CHF', 'Swiss Franc', 'فرنك سويسري', 'Swiss francs', 2, 0.05),
  c('CLP', 'CL$', '$', 'Chilean Peso', 'بيزو تشيلي', 'Chilean pesos', 0),
  c('CNY', 'CN¥', 'CN¥', 'Chinese Yuan', 'يوان صيني', 'Chinese yuan', 2),
  c('COP', 'CO$', '$', 'Colombian Peso', 'بيزو كولومبي', 'Colombian pesos', 0),
  c('CRC', '₡', '₡', 'Costa Rican Colón', 'كولون كوستاريكي', 'Costa Rican colóns', 0),
  c('CVE', 'CV$', 'CV$', 'Cape Verdean Escudo', 'إسكودو الرأس الأخضر', 'Cape Verdean escudos', 2),
  c('CZK', 'Kč', 'Kč', 'Czech Republic Koruna', 'كرونة تشيكية', 'Czech Republic korunas', 2),
  c('DJF', 'Fdj', 'Fdj', 'Djiboutian Franc', 'فرنك جيبوتي', 'Djiboutian francs', 0),
  c('DKK', 'Dkr', 'kr', 'Danish Krone', 'كرونة دنماركية', 'Danish kroner', 2),
  c('DOP', 'RD$', 'RD$', 'Dominican Peso', 'بيزو دومينيكاني', 'Dominican pesos', 2),
  c('EEK', 'Ekr', 'kr', 'Estonian Kroon', 'كرونة إستونية', 'Estonian kroons', 2),
  c('ERN', 'Nfk', 'Nfk', 'Eritrean Nakfa', 'ناكفا إريتري', 'Eritrean nakfas', 2),
  c('ETB', 'Br', 'Br', 'Ethiopian Birr', 'بير إثيوبي', 'Ethiopian birrs', 2),
  c('GBP', '£', '£', 'British Pound Sterling', 'جنيه إسترليني', 'British pounds sterling', 2),
  c('GEL', 'GEL', 'GEL', 'Georgian Lari', 'لاري جورجي', 'Georgian laris', 2),
  c('GHS', 'GH₵', 'GH₵', 'Ghanaian Cedi', 'سيدي غاني', 'Ghanaian cedis', 2),
  c('GNF', 'FG', 'FG', 'Guinean Franc', 'فرنك غيني', 'Guinean francs', 0),
  c('GTQ', 'GTQ', 'Q', 'Guatemalan Quetzal', 'كوتزال غواتيمالي', 'Guatemalan quetzals', 2),
  c('HKD', 'HK$', '$', 'Hong Kong Dollar', 'دولار هونغ كونغ', 'Hong Kong dollars', 2),
  c('HNL', 'HNL', 'L', 'Honduran Lempira', 'لمبيرا هندوراسي', 'Honduran lempiras', 2),
  c('HRK', 'kn', 'kn', 'Croatian Kuna', 'كونا كرواتي', 'Croatian kunas', 2),
  c('HUF', 'Ft', 'Ft', 'Hungarian Forint', 'فورنت مجري', 'Hungarian forints', 0),
  c('IDR', 'Rp', 'Rp', 'Indonesian Rupiah', 'روبية إندونيسية', 'Indonesian rupiahs', 0),
  c('ILS', '₪', '₪', 'Israeli New Sheqel', 'شيكل', 'Israeli new sheqels', 2),
  c('INR', 'Rs', '₹', 'Indian Rupee', 'روبية هندية', 'Indian rupees', 2),
  c('IRR', 'IRR', '﷼', 'Iranian Rial', 'ريال إيراني', 'Iranian rials', 0),
  c('ISK', 'Ikr', 'kr', 'Icelandic Króna', 'كرونة آيسلندية', 'Icelandic krónur', 0),
  c('JMD', 'J$', '$', 'Jamaican Dollar', 'دولار جامايكي', 'Jamaican dollars', 2),
  c('JPY', '¥', '￥', 'Japanese Yen', 'ين ياباني', 'Japanese yen', 0),
  c('KES', 'Ksh', 'Ksh', 'Kenyan Shilling', 'شلن كيني', 'Kenyan shillings', 2),
  c('KHR', 'KHR', '៛', 'Cambodian Riel', 'رييل كمبودي', 'Cambodian riels', 2),
  c('KMF', 'CF', 'FC', 'Comorian Franc', 'فرنك قمري', 'Comorian francs', 0),
  c('KRW', '₩', '₩', 'South Korean Won', 'وون كوري جنوبي', 'South Korean won', 0),
  c('KZT', 'KZT', 'тңг.', 'Kazakhstani Tenge', 'تينغ كازاخستاني', 'Kazakhstani tenges', 2),
  c('LKR', 'SLRs', 'SL Re', 'Sri Lankan Rupee', 'روبية سريلانكية', 'Sri Lankan rupees', 2),
  c('LTL', 'Lt', 'Lt', 'Lithuanian Litas', 'ليتاس ليتواني', 'Lithuanian litai', 2),
  c('LVL', 'Ls', 'Ls', 'Latvian Lats', 'لاتس لاتفي', 'Latvian lati', 2),
  c('LYD', 'LD', 'د.ل.‏', 'Libyan Dinar', 'دينار ليبي', 'Libyan dinars', 3),
  c('MDL', 'MDL', 'MDL', 'Moldovan Leu', 'ليو مولدوفي', 'Moldovan lei', 2),
  c('MGA', 'MGA', 'MGA', 'Malagasy Ariary', 'أرياري مدغشقري', 'Malagasy Ariaries', 0),
  c('MKD', 'MKD', 'MKD', 'Macedonian Denar', 'دينار مقدوني', 'Macedonian denari', 2),
  c('MMK', 'MMK', 'K', 'Myanma Kyat', 'كيات ميانماري', 'Myanma kyats', 0),
  c('MOP', 'MOP$', 'MOP$', 'Macanese Pataca', 'باتاكا ماكاوية', 'Macanese patacas', 2),
  c('MUR', 'MURs', 'MURs', 'Mauritian Rupee', 'روبية موريشيوسية', 'Mauritian rupees', 0),
  c('MXN', 'MX$', '$', 'Mexican Peso', 'بيزو مكسيكي', 'Mexican pesos', 2),
  c('MYR', 'RM', 'RM', 'Malaysian Ringgit', 'رينغيت ماليزي', 'Malaysian ringgits', 2),
  c('MZN', 'MTn', 'MTn', 'Mozambican Metical', 'متكال موزمبيقي', 'Mozambican meticals', 2),
  c('NAD', 'N$', 'N$', 'Namibian Dollar', 'دولار ناميبي', 'Namibian dollars', 2),
  c('NGN', '₦', '₦', 'Nigerian Naira', 'نايرا نيجيري', 'Nigerian nairas', 2),
  c('NIO', 'C$', 'C$', 'Nicaraguan Córdoba', 'كوردوبا نيكاراغوي', 'Nicaraguan córdobas', 2),
  c('NOK', 'Nkr', 'kr', 'Norwegian Krone', 'كرونة نرويجية', 'Norwegian kroner', 2),
  c('NPR', 'NPRs', 'नेरू', 'Nepalese Rupee', 'روبية نيبالية', 'Nepalese rupees', 2),
  c('NZD', 'NZ$', '$', 'New Zealand Dollar', 'دولار نيوزيلندي', 'New Zealand dollars', 2),
  c('PAB', 'B/.', 'B/.', 'Panamanian Balboa', 'بالبوا بنمي', 'Panamanian balboas', 2),
  c('PEN', 'S/.', 'S/.', 'Peruvian Nuevo Sol', 'سول بيروفي', 'Peruvian nuevos soles', 2),
  c('PHP', '₱', '₱', 'Philippine Peso', 'بيزو فلبيني', 'Philippine pesos', 2),
  c('PKR', 'PKRs', '₨', 'Pakistani Rupee', 'روبية باكستانية', 'Pakistani rupees', 0),
  c('PLN', 'zł', 'zł', 'Polish Zloty', 'زلوتي بولندي', 'Polish zlotys', 2),
  c('PYG', '₲', '₲', 'Paraguayan Guarani', 'غواراني باراغواي', 'Paraguayan guaranis', 0),
  c('RON', 'RON', 'RON', 'Romanian Leu', 'ليو روماني', 'Romanian lei', 2),
  c('RSD', 'din.', 'дин.', 'Serbian Dinar', 'دينار صربي', 'Serbian dinars', 0),
  c('RUB', 'RUB', 'руб.', 'Russian Ruble', 'روبل روسي', 'Russian rubles', 2),
  c('RWF', 'RWF', 'FR', 'Rwandan Franc', 'فرنك رواندي', 'Rwandan francs', 0),
  c('SEK', 'Skr', 'kr', 'Swedish Krona', 'كرونة سويدية', 'Swedish kronor', 2),
  c('SGD', 'S$', '$', 'Singapore Dollar', 'دولار سنغافوري', 'Singapore dollars', 2),
  c('SOS', 'Ssh', 'Ssh', 'Somali Shilling', 'شلن صومالي', 'Somali shillings', 0),
  c('THB', '฿', '฿', 'Thai Baht', 'بات تايلاندي', 'Thai baht', 2),
  c('TOP', 'T$', 'T$', 'Tongan Paʻanga', 'بانغا تونغي', 'Tongan paʻanga', 2),
  c('TRY', 'TL', 'TL', 'Turkish Lira', 'ليرة تركية', 'Turkish Lira', 2),
  c('TTD', 'TT$', '$', 'Trinidad and Tobago Dollar', 'دولار ترينيداد وتوباغو', 'Trinidad and Tobago dollars', 2),
  c('TWD', 'NT$', 'NT$', 'New Taiwan Dollar', 'دولار تايواني جديد', 'New Taiwan dollars', 2),
  c('TZS', 'TSh', 'TSh', 'Tanzanian Shilling', 'شلن تنزاني', 'Tanzanian shillings', 0),
  c('UAH', '₴', '₴', 'Ukrainian Hryvnia', 'هريفنيا أوكراني', 'Ukrainian hryvnias', 2),
  c('UGX', 'USh', 'USh', 'Ugandan Shilling', 'شلن أوغندي', 'Ugandan shillings', 0),
  c('UYU', '$U', '$', 'Uruguayan Peso', 'بيزو أوروغواي', 'Uruguayan pesos', 2),
  c('UZS', 'UZS', 'UZS', 'Uzbekistan Som', 'سوم أوزبكستاني', 'Uzbekistan som', 0),
  c('VEF', 'Bs.F.', 'Bs.F.', 'Venezuelan Bolívar', 'بوليفار فنزويلي', 'Venezuelan bolívars', 2),
  c('VND', '₫', '₫', 'Vietnamese Dong', 'دونغ فيتنامي', 'Vietnamese dong', 0),
  c('XAF', 'FCFA', 'FCFA', 'CFA Franc BEAC', 'فرنك وسط أفريقي', 'CFA francs BEAC', 0),
  c('XOF', 'CFA', 'CFA', 'CFA Franc BCEAO', 'فرنك غرب أفريقي', 'CFA francs BCEAO', 0),
  c('ZAR', 'R', 'R', 'South African Rand', 'راند جنوب أفريقي', 'South African rand', 2),
  c('ZMK', 'ZK', 'ZK', 'Zambian Kwacha (1968–2012)', 'كواشا زامبي (قديم)', 'Zambian kwachas (1968–2012)', 0),
  c('ANG', 'NAƒ', 'NAƒ', 'Netherlands Antillean Guilder', 'غيلدر الأنتيل الهولندية', 'Netherlands Antillean guilders', 2),
  c('AOA', 'Kz', 'Kz', 'Angolan Kwanza', 'كوانزا أنغولي', 'Angolan kwanzas', 2),
  c('AWG', 'Afl.', 'Afl.', 'Aruban Florin', 'فلورن أروبي', 'Aruban florins', 2),
  c('BBD', 'Bds$', '$', 'Barbadian Dollar', 'دولار بربادوسي', 'Barbadian dollars', 2),
  c('BMD', 'BD$', '$', 'Bermudan Dollar', 'دولار برمودي', 'Bermudan dollars', 2),
  c('BSD', 'B$', '$', 'Bahamian Dollar', 'دولار باهامي', 'Bahamian dollars', 2),
  c('BTN', 'Nu.', 'Nu.', 'Bhutanese Ngultrum', 'نغولترم بوتاني', 'Bhutanese ngultrums', 2),
  c('BYN', 'Br', 'руб.', 'Belarusian Ruble (new)', 'روبل بيلاروسي جديد', 'Belarusian rubles (new)', 2),
  c('CUP', 'CU$', '$', 'Cuban Peso', 'بيزو كوبي', 'Cuban pesos', 2),
  c('FJD', 'FJ$', '$', 'Fijian Dollar', 'دولار فيجي', 'Fijian dollars', 2),
  c('FKP', 'FK£', '£', 'Falkland Islands Pound', 'جنيه جزر فوكلاند', 'Falkland Islands pounds', 2),
  c('GIP', 'GIP', '£', 'Gibraltar Pound', 'جنيه جبل طارق', 'Gibraltar pounds', 2),
  c('GMD', 'D', 'D', 'Gambian Dalasi', 'دالاسي غامبي', 'Gambian dalasis', 2),
  c('GYD', 'GY$', '$', 'Guyanaese Dollar', 'دولار غياني', 'Guyanaese dollars', 2),
  c('HTG', 'G', 'G', 'Haitian Gourde', 'جوردى هايتي', 'Haitian gourdes', 2),
  c('KGS', 'KGS', 'сом', 'Kyrgystani Som', 'سوم قيرغيزستاني', 'Kyrgystani soms', 2),
  c('KPW', 'KPW', '₩', 'North Korean Won', 'وون كوري شمالي', 'North Korean won', 2),
  c('KYD', 'CI$', '$', 'Cayman Islands Dollar', 'دولار جزر كايمان', 'Cayman Islands dollars', 2),
  c('LAK', '₭', '₭', 'Laotian Kip', 'كيب لاوي', 'Laotian kips', 2),
  c('LRD', 'L$', '$', 'Liberian Dollar', 'دولار ليبيري', 'Liberian dollars', 2),
  c('LSL', 'LSL', 'L', 'Lesotho Loti', 'لوتي ليسوتو', 'Lesotho lotis', 2),
  c('MNT', '₮', '₮', 'Mongolian Tugrik', 'توغروغ منغولي', 'Mongolian tugriks', 2),
  c('MRU', 'UM', 'أ.م.‏', 'Mauritanian Ouguiya', 'أوقية موريتانية', 'Mauritanian ouguiyas', 2),
  c('MVR', 'Rf', 'ރ.', 'Maldivian Rufiyaa', 'روفيه مالديفية', 'Maldivian rufiyaas', 2),
  c('MWK', 'MK', 'MK', 'Malawian Kwacha', 'كواشا مالاوي', 'Malawian kwachas', 2),
  c('PGK', 'K', 'K', 'Papua New Guinean Kina', 'كينا بابوا غينيا الجديدة', 'Papua New Guinean kina', 2),
  c('SBD', 'SI$', '$', 'Solomon Islands Dollar', 'دولار جزر سليمان', 'Solomon Islands dollars', 2),
  c('SCR', 'SRe', 'SRe', 'Seychellois Rupee', 'روبية سيشيلية', 'Seychellois rupees', 2),
  c('SLE', 'Le', 'Le', 'Sierra Leonean Leone', 'ليون سيراليوني', 'Sierra Leonean leones', 2),
  c('SRD', 'SR$', '$', 'Surinamese Dollar', 'دولار سورينامي', 'Surinamese dollars', 2),
  c('SSP', 'SS£', '£', 'South Sudanese Pound', 'جنيه جنوب سوداني', 'South Sudanese pounds', 2),
  c('STN', 'Db', 'Db', 'São Tomé and Príncipe Dobra', 'دوبرا ساو تومي وبرينسيب', 'São Tomé and Príncipe dobras', 2),
  c('SZL', 'E', 'E', 'Swazi Lilangeni', 'ليلانجيني سوازيلندي', 'Swazi emalangeni', 2),
  c('TJS', 'TJS', 'сом.', 'Tajikistani Somoni', 'سوموني طاجيكستاني', 'Tajikistani somonis', 2),
  c('TMT', 'TMT', 'm', 'Turkmenistani Manat', 'مانات تركمانستاني', 'Turkmenistani manats', 2),
  c('VES', 'Bs.S', 'Bs.S', 'Venezuelan Bolívar Soberano', 'بوليفار فنزويلي سيادي', 'Venezuelan bolívares soberanos', 2),
  c('VUV', 'VT', 'VT', 'Vanuatu Vatu', 'فاتو فانواتو', 'Vanuatu vatus', 0),
  c('WST', 'WS$', 'WS$', 'Samoan Tala', 'تالا ساموا', 'Samoan tala', 2),
  c('XCD', 'EC$', '$', 'East Caribbean Dollar', 'دولار شرق الكاريبي', 'East Caribbean dollars', 2),
  c('XPF', 'CFPF', 'CFPF', 'CFP Franc', 'فرنك سي إف بي', 'CFP francs', 0),
  c('ZMW', 'ZK', 'ZK', 'Zambian Kwacha', 'كواشا زامبي', 'Zambian kwachas', 2),
  c('ZWL', 'Z$', '$', 'Zimbabwean Dollar', 'دولار زيمبابوي', 'Zimbabwean dollars', 2),
];

const BY_CODE = new Map(CURRENCIES.map((cur) => [cur.code, cur]));

export function findCurrency(code: string): Currency | undefined {
  return BY_CODE.get(code.toUpperCase());
}

export function isCurrencyCode(code: string): boolean {
  return BY_CODE.has(code.toUpperCase());
}

/** Decimal digits of a currency (2 when unknown). */
export function currencyDigits(code: string): number {
  return findCurrency(code)?.decimalDigits ?? 2;
}
