// Folio's e-invoice validator process: one JVM kept warm by the server (src/einvoice/validator-process.ts),
// running the official rule sets with Saxon-HE (XSLT 2/3, exact xs:decimal arithmetic) and the JDK's
// XML Schema validator. It is launched from source (`java -cp Saxon-HE.jar EInvoiceValidator.java`), so
// nothing is compiled at set-up.
//
// Protocol, on stdin/stdout, one request at a time:
//   request:  "<xsd path or ->\t<stylesheet paths, comma-separated, or ->\t<byte length>\n" then the XML bytes;
//             a byte length of -1 (and no bytes) compiles the named schema and stylesheets and answers.
//   answer:   one line of JSON: {"wellFormed":bool,"schema":[{line,column,message}],"findings":[...]} or
//             {"error":"..."} when a stylesheet could not run on this XML.
// Each finding is {"set":index of the stylesheet,"id","flag","location","test","text","report":bool}.
// The XML is parsed without a DOCTYPE (refused), without external entities, XInclude or network access,
// and no deeper than the jdk.xml.maxElementDepth the server sets.
import java.io.*;
import java.nio.charset.StandardCharsets;
import java.util.*;
import javax.xml.XMLConstants;
import javax.xml.parsers.SAXParserFactory;
import javax.xml.transform.sax.SAXSource;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.*;
import net.sf.saxon.s9api.*;
import org.xml.sax.*;

public class EInvoiceValidator {
  static final int MAX_SCHEMA_ERRORS = 100;
  static final Processor processor = new Processor(false);
  static final Map<String, XsltExecutable> stylesheets = new HashMap<>();
  static final Map<String, Schema> schemas = new HashMap<>();
  static final Map<String, XdmNode> documents = new HashMap<>();

  /**
   * The documents a rule set reads with document() (Factur-X's code lists, beside its stylesheet) are parsed
   * once and kept, rather than once per validation. Only files next to the rule sets are read: the URIs
   * come from the stylesheets, never from the invoice.
   */
  static final javax.xml.transform.URIResolver CACHED_DOCUMENTS = (href, base) -> {
    try {
      String uri = new java.net.URI(base).resolve(href).toString();
      if (!uri.startsWith("file:")) throw new javax.xml.transform.TransformerException("only local files are read: " + uri);
      XdmNode node = documents.get(uri);
      if (node == null) {
        node = processor.newDocumentBuilder().build(new File(new java.net.URI(uri)));
        documents.put(uri, node);
      }
      return node.asSource();
    } catch (java.net.URISyntaxException | SaxonApiException e) {
      throw new javax.xml.transform.TransformerException(e);
    }
  };

  public static void main(String[] args) throws Exception {
    BufferedInputStream in = new BufferedInputStream(System.in, 1 << 16);
    PrintStream out = new PrintStream(new BufferedOutputStream(System.out, 1 << 16), false, "UTF-8");
    String header;
    while ((header = readLine(in)) != null) {
      String[] parts = header.split("\t", -1);
      String answer;
      try {
        if (parts.length != 3) throw new IllegalArgumentException("bad request header");
        int length = Integer.parseInt(parts[2]);
        byte[] xml = length < 0 ? null : in.readNBytes(length);
        if (xml != null && xml.length != length) break;
        answer = handle(parts[0], parts[1].isEmpty() || parts[1].equals("-") ? new String[0] : parts[1].split(","), xml);
      } catch (Throwable t) {
        if (t instanceof OutOfMemoryError) throw (OutOfMemoryError) t;
        answer = "{\"error\":" + json(String.valueOf(t.getMessage() != null ? t.getMessage() : t.toString())) + "}";
      }
      out.print(answer);
      out.print('\n');
      out.flush();
    }
  }

  static String handle(String xsdPath, String[] xsltPaths, byte[] xml) throws Exception {
    Schema schema = xsdPath.equals("-") ? null : schema(xsdPath);
    List<XsltExecutable> sets = new ArrayList<>();
    for (String p : xsltPaths) sets.add(stylesheet(p));
    if (xml == null) return "{\"ok\":true}";

    StringBuilder schemaErrors = new StringBuilder();
    XdmNode doc;
    try {
      doc = processor.newDocumentBuilder().build(new SAXSource(secureReader(), new InputSource(new ByteArrayInputStream(xml))));
    } catch (SaxonApiException e) {
      SAXParseException p = e.getCause() instanceof SAXParseException ? (SAXParseException) e.getCause() : null;
      appendError(schemaErrors, p != null ? p.getLineNumber() : -1, p != null ? p.getColumnNumber() : -1,
          p != null ? p.getMessage() : e.getMessage());
      return "{\"wellFormed\":false,\"schema\":[" + schemaErrors + "],\"findings\":[]}";
    }
    if (schema != null) {
      Validator v = schema.newValidator();
      v.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
      v.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
      int[] count = {0};
      ErrorHandler collect = new ErrorHandler() {
        public void warning(SAXParseException e) {}
        public void error(SAXParseException e) { add(e); }
        public void fatalError(SAXParseException e) { add(e); }
        void add(SAXParseException e) {
          if (count[0]++ < MAX_SCHEMA_ERRORS) appendError(schemaErrors, e.getLineNumber(), e.getColumnNumber(), e.getMessage());
        }
      };
      v.setErrorHandler(collect);
      try {
        v.validate(new SAXSource(secureReader(), new InputSource(new ByteArrayInputStream(xml))));
      } catch (SAXParseException e) {
        // Reported to the handler already.
      }
      // The business rules assume a schema-valid document: like the official validators, they run only then.
      if (count[0] > 0) return "{\"wellFormed\":true,\"schema\":[" + schemaErrors + "],\"findings\":[]}";
    }
    StringBuilder findings = new StringBuilder();
    for (int i = 0; i < sets.size(); i++) {
      Xslt30Transformer t = sets.get(i).load30();
      t.setURIResolver(CACHED_DOCUMENTS);
      t.setGlobalContextItem(doc);
      XdmDestination dest = new XdmDestination();
      t.applyTemplates(doc, dest);
      XdmSequenceIterator it = dest.getXdmNode().axisIterator(Axis.DESCENDANT);
      while (it.hasNext()) {
        XdmNode n = (XdmNode) it.next();
        if (n.getNodeKind() != XdmNodeKind.ELEMENT) continue;
        String local = n.getNodeName().getLocalName();
        boolean report = local.equals("successful-report");
        if (!report && !local.equals("failed-assert")) continue;
        StringBuilder text = new StringBuilder();
        XdmSequenceIterator kids = n.axisIterator(Axis.CHILD);
        while (kids.hasNext()) {
          XdmNode k = (XdmNode) kids.next();
          if (k.getNodeKind() == XdmNodeKind.ELEMENT && k.getNodeName().getLocalName().equals("text")) text.append(k.getStringValue());
        }
        if (findings.length() > 0) findings.append(',');
        findings.append("{\"set\":").append(i)
            .append(",\"id\":").append(json(n.getAttributeValue(new QName("id"))))
            .append(",\"flag\":").append(json(n.getAttributeValue(new QName("flag"))))
            .append(",\"location\":").append(json(n.getAttributeValue(new QName("location"))))
            .append(",\"test\":").append(json(n.getAttributeValue(new QName("test"))))
            .append(",\"text\":").append(json(text.toString()))
            .append(",\"report\":").append(report).append('}');
      }
    }
    return "{\"wellFormed\":true,\"schema\":[],\"findings\":[" + findings + "]}";
  }

  static Schema schema(String path) throws SAXException {
    Schema s = schemas.get(path);
    if (s == null) {
      SchemaFactory f = SchemaFactory.newDefaultInstance();
      f.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
      f.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "file");
      s = f.newSchema(new File(path));
      schemas.put(path, s);
    }
    return s;
  }

  static XsltExecutable stylesheet(String path) throws SaxonApiException {
    XsltExecutable e = stylesheets.get(path);
    if (e == null) {
      e = processor.newXsltCompiler().compile(new StreamSource(new File(path)));
      stylesheets.put(path, e);
    }
    return e;
  }

  static XMLReader secureReader() throws Exception {
    SAXParserFactory f = SAXParserFactory.newDefaultInstance();
    f.setNamespaceAware(true);
    f.setXIncludeAware(false);
    f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
    f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    f.setFeature("http://xml.org/sax/features/external-general-entities", false);
    f.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
    return f.newSAXParser().getXMLReader();
  }

  static void appendError(StringBuilder sb, int line, int column, String message) {
    if (sb.length() > 0) sb.append(',');
    sb.append("{\"line\":").append(line).append(",\"column\":").append(column).append(",\"message\":").append(json(message)).append('}');
  }

  static String readLine(InputStream in) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    int c;
    while ((c = in.read()) != -1 && c != '\n') b.write(c);
    if (c == -1 && b.size() == 0) return null;
    return b.toString(StandardCharsets.UTF_8);
  }

  static String json(String s) {
    if (s == null) return "null";
    StringBuilder sb = new StringBuilder("\"");
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\\') sb.append('\\').append(c);
      else if (c < 0x20) sb.append(String.format("\\u%04x", (int) c));
      else sb.append(c);
    }
    return sb.append('"').toString();
  }
}
