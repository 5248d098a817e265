/**
 * Kerala's district towns under every name visitors write them, in English and Malayalam: enough
 * to tell that a text naming "Cochin" names the same city as an office in Kochi, and that one
 * naming Kochi names another city than an office in Kozhikode. The first English name is the one
 * messages use.
 */
export const KERALA_CITIES: ReadonlyArray<{ english: readonly string[]; malayalam: readonly string[] }> = [
  { english: ['Kochi', 'Cochin', 'Ernakulam'], malayalam: ['കൊച്ചി', 'എറണാകുളം'] },
  { english: ['Thiruvananthapuram', 'Trivandrum'], malayalam: ['തിരുവനന്തപുരം'] },
  { english: ['Kozhikode', 'Calicut'], malayalam: ['കോഴിക്കോട'] },
  { english: ['Thrissur', 'Trichur'], malayalam: ['തൃശ്ശൂർ', 'തൃശൂർ'] },
  { english: ['Kannur', 'Cannanore'], malayalam: ['കണ്ണൂർ'] },
  { english: ['Kollam', 'Quilon'], malayalam: ['കൊല്ലം', 'കൊല്ലത്ത'] },
  { english: ['Alappuzha', 'Alleppey'], malayalam: ['ആലപ്പുഴ'] },
  { english: ['Palakkad', 'Palghat'], malayalam: ['പാലക്കാട'] },
  { english: ['Malappuram'], malayalam: ['മലപ്പുറ'] },
  { english: ['Kottayam'], malayalam: ['കോട്ടയ'] },
  { english: ['Kasaragod', 'Kasargod'], malayalam: ['കാസർകോട', 'കാസർഗോഡ'] },
  { english: ['Pathanamthitta'], malayalam: ['പത്തനംതിട്ട'] },
  { english: ['Idukki'], malayalam: ['ഇടുക്കി'] },
  { english: ['Wayanad'], malayalam: ['വയനാട'] },
];

/** The index in KERALA_CITIES of the city `name` names, in either language. */
export function cityIndex(name: string): number {
  const wanted = name.trim().toLowerCase();
  return KERALA_CITIES.findIndex(
    (city) => city.english.some((known) => known.toLowerCase() === wanted) || city.malayalam.some((stem) => wanted.startsWith(stem)),
  );
}
