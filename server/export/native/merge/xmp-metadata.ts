import {PDFName, type PDFDocument} from 'pdf-lib';

/** What the book's XMP packet says: the same as its Info dictionary. */
export type XmpFields = {
  title: string;
  /** BCP 47 language tag of the book. */
  language: string;
  subject?: string;
  author?: string;
  creatorTool: string;
  producer: string;
  date: Date;
};

const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** An rdf:Alt with the default text and the same text in the book's language. */
function alternatives(value: string, language: string): string {
  const text = escapeXml(value);
  return `<rdf:Alt><rdf:li xml:lang="x-default">${text}</rdf:li><rdf:li xml:lang="${escapeXml(language)}">${text}</rdf:li></rdf:Alt>`;
}

/** The XMP packet (ISO 16684-1) of the book. */
export function xmpPacket(fields: XmpFields): string {
  const date = fields.date.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const optional = [
    fields.subject ? `<dc:description>${alternatives(fields.subject, fields.language)}</dc:description>` : '',
    fields.author ? `<dc:creator><rdf:Seq><rdf:li>${escapeXml(fields.author)}</rdf:li></rdf:Seq></dc:creator>` : '',
  ].join('');
  return [
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    '<x:xmpmeta xmlns:x="adobe:ns:meta/">',
    '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">',
    '<dc:format>application/pdf</dc:format>',
    `<dc:title>${alternatives(fields.title, fields.language)}</dc:title>`,
    `<dc:language><rdf:Bag><rdf:li>${escapeXml(fields.language)}</rdf:li></rdf:Bag></dc:language>`,
    optional,
    `<xmp:CreatorTool>${escapeXml(fields.creatorTool)}</xmp:CreatorTool>`,
    `<xmp:CreateDate>${date}</xmp:CreateDate>`,
    `<xmp:ModifyDate>${date}</xmp:ModifyDate>`,
    `<pdf:Producer>${escapeXml(fields.producer)}</pdf:Producer>`,
    '</rdf:Description>',
    '</rdf:RDF>',
    '</x:xmpmeta>',
    '<?xpacket end="w"?>',
  ].join('\n');
}

/** Writes the XMP packet as the catalog's Metadata stream, uncompressed as XMP readers expect. */
export function writeXmpMetadata(document: PDFDocument, fields: XmpFields): void {
  const stream = document.context.stream(new TextEncoder().encode(xmpPacket(fields)), {Type: 'Metadata', Subtype: 'XML'});
  document.catalog.set(PDFName.of('Metadata'), document.context.register(stream));
}
