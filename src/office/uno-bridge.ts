// The UNO bridge a sandboxed conversion process runs: a Python script (python3-uno) that starts LibreOffice
// (soffice, headless, its own profile), connects to it over a named pipe, and converts one document per JSON
// line read on stdin, answering one JSON line on stdout. Passed to python3 with -c, so nothing is written to
// disk for it. LibreOffice's own output goes to stderr, which the pool keeps as the job's messages.
export const UNO_BRIDGE_SCRIPT = String.raw`
import sys, os, json, time, subprocess, threading
import uno
from com.sun.star.beans import PropertyValue

def out(o):
    sys.stdout.write(json.dumps(o) + "\n")
    sys.stdout.flush()

def prop(n, v):
    p = PropertyValue()
    p.Name = n
    p.Value = v
    return p

soffice, profile, pipe = sys.argv[1], sys.argv[2], sys.argv[3]
proc = subprocess.Popen([soffice, "--headless", "--invisible", "--nologo", "--norestore", "--nodefault", "--nolockcheck",
    "--nofirststartwizard", "-env:UserInstallation=" + uno.systemPathToFileUrl(profile),
    "--accept=pipe,name=%s;urp;StarOffice.ComponentContext" % pipe],
    stdin=subprocess.DEVNULL, stdout=sys.stderr, stderr=sys.stderr)
local = uno.getComponentContext()
resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
ctx = None
for i in range(1200):
    if proc.poll() is not None:
        out({"fatal": "soffice exited with status %s while starting" % proc.returncode})
        sys.exit(1)
    try:
        ctx = resolver.resolve("uno:pipe,name=%s;urp;StarOffice.ComponentContext" % pipe)
        break
    except Exception:
        time.sleep(0.05)
if ctx is None:
    out({"fatal": "soffice did not answer within 60 s"})
    sys.exit(1)
smgr = ctx.ServiceManager
desktop = smgr.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
cp = smgr.createInstanceWithContext("com.sun.star.configuration.ConfigurationProvider", ctx)
na = cp.createInstanceWithArguments("com.sun.star.configuration.ConfigurationAccess",
    (prop("nodepath", "/org.openoffice.Setup/Product"),))
out({"ready": True, "version": na.getByName("ooSetupVersionAboutBox"), "uid": os.getuid()})

FILTERS = [("com.sun.star.sheet.SpreadsheetDocument", "calc_pdf_Export"),
           ("com.sun.star.presentation.PresentationDocument", "impress_pdf_Export"),
           ("com.sun.star.drawing.DrawingDocument", "draw_pdf_Export"),
           ("com.sun.star.text.TextDocument", "writer_pdf_Export")]

def landscape(doc):
    styles = doc.getStyleFamilies().getByName("PageStyles")
    for name in styles.getElementNames():
        s = styles.getByName(name)
        w, h = s.Width, s.Height
        s.IsLandscape = True
        if w < h:
            s.Width, s.Height = h, w

def convert(req):
    load = [prop("Hidden", True), prop("ReadOnly", True), prop("MacroExecutionMode", 0), prop("UpdateDocMode", 0)]
    if req.get("password"):
        load.append(prop("Password", req["password"]))
    if req.get("filterOptions"):
        load.append(prop("FilterOptions", req["filterOptions"]))
    try:
        doc = desktop.loadComponentFromURL(uno.systemPathToFileUrl(req["input"]), "_blank", 0, tuple(load))
    except Exception as e:
        return {"ok": False, "stage": "load", "message": str(e).strip() or type(e).__name__}
    if doc is None:
        return {"ok": False, "stage": "load", "message": "LibreOffice could not open the document"}
    try:
        name = None
        for service, f in FILTERS:
            if doc.supportsService(service):
                name = f
                break
        if name is None:
            return {"ok": False, "stage": "convert", "message": "the document is of a kind LibreOffice cannot export to PDF"}
        if req.get("landscape"):
            try:
                landscape(doc)
            except Exception as e:
                sys.stderr.write("landscape: %s\n" % e)
        data = []
        for k, v in req.get("filterData", {}).items():
            data.append(prop(k, v))
        fd = uno.Any("[]com.sun.star.beans.PropertyValue", tuple(data))
        args = (prop("FilterName", name), prop("FilterData", fd), prop("Overwrite", True))
        uno.invoke(doc, "storeToURL", (uno.systemPathToFileUrl(req["output"]), args))
        return {"ok": True, "filter": name}
    except Exception as e:
        return {"ok": False, "stage": "convert", "message": str(e).strip() or type(e).__name__}
    finally:
        try:
            doc.close(True)
        except Exception:
            try:
                doc.dispose()
            except Exception:
                pass

# LibreOffice gone (a crash, its memory limit): this bridge ends too, so the pool replaces the process before
# it hands it another document. While a document converts, its answer says so instead (officeExited).
busy = threading.Lock()

def watch():
    code = proc.wait()
    with busy:
        out({"officeExited": code})
        os._exit(3)

threading.Thread(target=watch, daemon=True).start()

def alive():
    # After a failed conversion: a crashed soffice.bin leaves its launcher a moment longer, but no longer
    # answers over the pipe.
    if proc.poll() is not None:
        return False
    try:
        desktop.getComponents()
        return True
    except Exception:
        try:
            proc.wait(5)
        except Exception:
            proc.kill()
        return False

for line in sys.stdin:
    line = line.strip()
    if not line:
        continue
    req = json.loads(line)
    with busy:
        if proc.poll() is not None:
            res = {"ok": False, "stage": "start", "message": "LibreOffice had stopped before this document reached it"}
        else:
            res = convert(req)
        if not res.get("ok") and not alive():
            res["officeExited"] = proc.poll() if proc.poll() is not None else "unresponsive"
        res["id"] = req.get("id")
        out(res)
        if "officeExited" in res:
            os._exit(3)

try:
    desktop.terminate()
except Exception:
    pass
try:
    proc.wait(5)
except Exception:
    proc.kill()
`;
